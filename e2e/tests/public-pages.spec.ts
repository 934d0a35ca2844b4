import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  expect,
  pickFirstFreeHour,
  signIn,
  test,
  withoutHydration,
} from './fixtures';

// api-contract §9.1: the public pages are rendered on the server, read without JavaScript, hydrate
// without a warning, and carry their head (title, description, canonical, Open Graph, JSON-LD).

/** A demo business (apps/api/src/db/seed.ts) with a full address, hours and reviews. */
const BUSINESS = 'Bow Street Barbers';

const problemsOf = (page: Page) => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
};

async function businessHref(page: Page): Promise<string> {
  await page.goto('/businesses');
  const href = await page
    .getByRole('article')
    .filter({ hasText: BUSINESS })
    .getByRole('link', { name: 'Request Now' })
    .getAttribute('href');
  expect(href).toMatch(/^\/booking\/[^/]+$/);
  return href!;
}

async function withoutJavaScript<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(withoutHydration(await context.newPage()));
  } finally {
    await context.close();
  }
}

test('with JavaScript off, a visitor reads the list and a business page and follows a link between them', async ({
  browser,
}) => {
  await withoutJavaScript(browser, async (page) => {
    await page.goto('/businesses');
    await expect(page.getByRole('heading', { level: 1, name: 'Available Barbers' })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: BUSINESS });
    await expect(card).toContainText('Lisburn');
    await expect(card).toContainText('From £');
    expect(await page.getByRole('article').count()).toBeGreaterThan(5);

    await card.getByRole('link', { name: 'Request Now' }).click();
    await expect(page).toHaveURL(/\/booking\//);
    await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
    await expect(page.getByText('41 Bow Street')).toBeVisible();
    const hours = page.getByRole('heading', { name: 'Opening hours' }).locator('..');
    await expect(hours).toContainText('Tuesday');
    await expect(hours).toContainText('09:00–17:00');
    await expect(page.getByText(/★ \d\.\d \(\d+\)/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Date & Time' })).toBeVisible();
    // The latest reviews, with their words.
    await expect(
      page
        .getByRole('region', { name: /Reviews/ })
        .getByRole('article')
        .first(),
    ).toBeVisible();

    await page.getByRole('link', { name: '← All barbers' }).click();
    await expect(page).toHaveURL(/\/businesses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Available Barbers' })).toBeVisible();
  });
});

test('with JavaScript on, the public pages hydrate with no error or warning in the console', async ({
  page,
}) => {
  const problems = problemsOf(page);
  // Every page comes with the whole route table: none asks the server where its links lead.
  const routeLookups: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/__manifest') routeLookups.push(request.url());
  });
  const href = await businessHref(page);
  for (const path of [
    '/',
    '/businesses?town=Belfast',
    href,
    '/login',
    '/register',
    '/privacy-policy',
    '/review-policy',
  ]) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  // Hydrated: a client-side navigation works.
  await page.goto('/businesses');
  await page
    .getByRole('article')
    .filter({ hasText: BUSINESS })
    .getByRole('link', { name: 'Request Now' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  expect(problems).toEqual([]);
  expect(routeLookups).toEqual([]);
});

test('a page paints from its own HTML: the stylesheet is in its head, ahead of the scripts, and linked nowhere', async ({
  page,
  request,
  browser,
}) => {
  const href = await businessHref(page);
  for (const path of ['/', href, '/login', '/no-such-page']) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    const style = html.indexOf('<style data-precedence="app"');
    expect(style, path).toBeGreaterThan(-1);
    expect(style, path).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html, path).not.toContain('rel="stylesheet"');
  }
  // Without any script the page is styled: Request Now is a filled button.
  await withoutJavaScript(browser, async (noScript) => {
    await noScript.goto('/businesses');
    const button = noScript.getByRole('link', { name: 'Request Now' }).first();
    const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  });
});

test('signed in, a business page keeps what the server drew through hydration and the session arriving', async ({
  page,
}) => {
  const href = await businessHref(page);
  await signIn(page, DEMO_CUSTOMER);
  // Anything holding the calendar or the reviews that leaves the page is written down.
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedByHydration: removed });
    new MutationObserver((records) => {
      for (const record of Array.from(records)) {
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof Element)) continue;
          if (
            node.querySelector('[data-date]') ||
            node.textContent?.includes('Only customers of an appointment')
          )
            removed.push(node.outerHTML.slice(0, 120));
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(href);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // The session is in: the navigation bar shows the customer's links.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }),
  ).toBeVisible();
  await expect(
    page.getByText('Only customers of an appointment that took place can review it.'),
  ).toBeVisible();
  await expect(page.locator('[data-date]').first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { removedByHydration: string[] }).removedByHydration),
  ).toEqual([]);
});

test('a business page carries its title, description, canonical, Open Graph tags and HairSalon data', async ({
  page,
  request,
  baseURL,
}) => {
  const href = await businessHref(page);
  const response = await request.get(href, { headers: { accept: '*/*' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  const html = await response.text();
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1];
  expect(attribute(/<title>([^<]*)<\/title>/)).toMatch(new RegExp(`^${BUSINESS}, Lisburn`));
  expect(attribute(/<meta name="description" content="([^"]*)"/)).toContain(BUSINESS);
  expect(attribute(/<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}${href}`);
  expect(attribute(/<meta property="og:title" content="([^"]*)"/)).toMatch(new RegExp(`^${BUSINESS}`));
  expect(attribute(/<meta property="og:url" content="([^"]*)"/)).toBe(`${baseURL}${href}`);
  expect(attribute(/<meta property="og:image" content="([^"]*)"/)).toBe(`${baseURL}/og-image.png`);
  expect(attribute(/<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
  const image = await request.get('/og-image.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  const jsonLd = JSON.parse(attribute(/<script type="application\/ld\+json">([^<]*)<\/script>/) ?? 'null');
  expect(jsonLd).toMatchObject({
    '@type': 'HairSalon',
    name: BUSINESS,
    url: `${baseURL}${href}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: '41 Bow Street',
      addressLocality: 'Lisburn',
      addressCountry: 'GB',
    },
    aggregateRating: { '@type': 'AggregateRating' },
  });
  expect(jsonLd.openingHoursSpecification.length).toBeGreaterThan(0);
});

test('an unknown business and an unknown path answer 404 with the not-found page', async ({
  page,
  request,
}) => {
  for (const path of ['/booking/no-such-business', '/no-such-page']) {
    const response = await request.get(path, { headers: { accept: '*/*' } });
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Page not found');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
  }
});

test('a visitor chooses a time and a price, signs in when sending, and comes back to the request', async ({
  page,
}) => {
  const href = await businessHref(page);
  await page.goto(href);
  await pickFirstFreeHour(page);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  const request = await page.getByRole('region', { name: 'Your request' }).textContent();

  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Authentication required')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(DEMO_CUSTOMER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // Back on the business's page, on Review, with the same choices.
  await expect(page).toHaveURL(new RegExp(`${href}\\?step=review$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your request' })).toHaveText(request ?? '');
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();
});
