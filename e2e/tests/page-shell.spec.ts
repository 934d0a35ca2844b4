import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_BUSINESS, DEMO_CUSTOMER, expect, signIn, test } from './fixtures';

/**
 * Issue 9: index.html paints a branded shell (the navigation bar's look and a page skeleton) before
 * any script runs, and the app takes over from it without moving anything.
 */

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** Records, from the page's start, every layout shift not caused by the person's input (CLS's parts). */
function recordLayoutShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What recordLayoutShifts saw: the value of each layout shift, in order. */
const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

/** Holds the app's entry script (so the shell stays) until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The brand link's and the header's boxes, in the shell or in the app. */
async function headerGeometry(page: Page, header: string) {
  const brand = page.getByRole('link', { name: 'TrimTime NI home' });
  return {
    header: await page.locator(header).boundingBox(),
    brand: await brand.boundingBox(),
    mark: await brand.locator('span').first().boundingBox(),
    text: await brand.locator('span').last().boundingBox(),
    colours: await page.locator(header).evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.borderBottom, style.position];
    }),
  };
}

test('the served page carries the shell, and asks for nothing else until it is painted', async ({
  request,
}) => {
  for (const path of ['/', '/login', '/booking/some-business']) {
    const html = await (await request.get(path, { headers: { Accept: 'text/html' } })).text();
    const shell = html.indexOf('<div id="app-shell">');
    expect(shell, `${path}: the shell`).toBeGreaterThan(0);
    expect(html.indexOf('aria-label="TrimTime NI home"')).toBeGreaterThan(shell);
    expect(html.indexOf('<script'), `${path}: no script before the shell`).toBeGreaterThan(shell);
    // No file the browser would fetch before painting: the loader asks for them afterwards.
    expect(html, `${path}: no script file, preload or stylesheet in the HTML`).not.toMatch(
      /<script[^>]*\ssrc=|<link rel="(?:modulepreload|stylesheet|preload)"/,
    );
  }
  // The route's screen chunk is named for the loader, beside the entry's files.
  const login = await (await request.get('/login')).text();
  expect(login).toMatch(
    /<script type="application\/json" data-app-files>[^<]*\/assets\/auth-screen-[\w-]+\.js/,
  );
});

test("the app's files are asked for once the shell is on screen", async ({ page }) => {
  // When the first frame (the shell's) is drawn: the first animation frame callback of the page.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      Object.assign(window, { firstFrameAt: performance.now() });
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const timings = await page.evaluate(() => ({
    firstFrame: (window as unknown as { firstFrameAt: number }).firstFrameAt,
    files: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[\w-]+\.(?:js|css)$/.test(entry.name))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(timings.firstFrame).toBeGreaterThan(0);
  expect(timings.files.length).toBeGreaterThan(3);
  // Before the loader, <head> asked for them while the HTML was still being read.
  for (const file of timings.files) expect(file.start, file.name).toBeGreaterThan(timings.firstFrame);
});

test('without JavaScript the header and brand show', async ({ browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [viewport, path] of WIDTHS.flatMap((size) =>
    ['/login', '/'].map((path) => [size, path] as const),
  )) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    const brand = page.getByRole('link', { name: 'TrimTime NI home' });
    await expect(brand).toBeVisible();
    await expect(brand).toHaveText('TrimTime NI');
    // Playwright's text locators skip <noscript>; the note is found by its class.
    await expect(page.locator('.shell-note')).toContainText('TrimTime NI needs JavaScript.');
    await expect(page.locator('.shell-note')).toBeVisible();
    // No sign-in card that cannot sign in, and no hero whose button does nothing: the page's
    // heading and hero stand aside with the skeleton, and the note keeps the page's margins.
    await expect(page.locator('.shell-heading')).toBeHidden();
    await expect(page.locator('.shell-hero')).toBeHidden();
    const note = await page.locator('.shell-note').boundingBox();
    expect(note?.x).toBe(viewport.width > 1140 ? (viewport.width - 1140) / 2 + 16 : 16);
    expect(note?.y).toBe(65 + 40);
    const header = await page.getByRole('banner').boundingBox();
    expect(header).toMatchObject({ x: 0, y: 0, width: viewport.width, height: 65 });
    await page.screenshot({
      path: join(
        SCREENSHOTS,
        `shell-no-js${path === '/' ? '' : path.replace('/', '-')}-${viewport.width}.png`,
      ),
      fullPage: true,
    });
    await context.close();
  }
});

for (const viewport of WIDTHS) {
  test(`the app takes over from the shell without a layout shift at ${viewport.width} px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await recordLayoutShifts(page);
    // Hold the app's entry script until the shell has been measured.
    const release = await holdEntryScript(page);

    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#app-shell')).toBeVisible();
    await expect(page.getByRole('link', { name: 'TrimTime NI home' })).toBeVisible();
    // The stylesheet has arrived (the app's CSS applies to the shell's body as it will to the app's).
    await stylesheetArrived(page);
    const shell = await headerGeometry(page, '.shell-header');
    await page.screenshot({ path: join(SCREENSHOTS, `shell-before-takeover-${viewport.width}.png`) });

    release();
    await expect(page.locator('#app-shell')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const app = await headerGeometry(page, 'header:not(.shell-header)');
    await page.screenshot({ path: join(SCREENSHOTS, `shell-after-takeover-${viewport.width}.png`) });

    expect(app.header).toEqual(shell.header);
    expect(app.brand).toEqual(shell.brand);
    expect(app.mark).toEqual(shell.mark);
    expect(app.text).toEqual(shell.text);
    expect(app.colours).toEqual(shell.colours);

    // Let any late shift be reported, then add them up (CLS of the load).
    await page.waitForTimeout(500);
    const shifts = await layoutShifts(page);
    const cls = shifts.reduce((sum, value) => sum + value, 0);
    expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
    await context.close();
  });
}

/** Records, from the page's start, whether each largest-contentful-paint is the shell's or the app's. */
function recordLargestPaints(page: Page) {
  return page.addInitScript(() => {
    const paints: string[] = [];
    (window as unknown as { __lcp: string[] }).__lcp = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        paints.push(entry.element?.closest('#app-shell') ? 'shell' : 'app');
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** What recordLargestPaints saw: 'shell' or 'app' for each largest-contentful-paint, in order. */
const largestPaints = (page: Page) => page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);

/** Lets any late largest paint be reported, then checks that there was one and every one was the shell's. */
async function expectEveryLargestPaintTheShells(page: Page) {
  await page.waitForTimeout(300);
  const paints = await largestPaints(page);
  expect(paints.length).toBeGreaterThan(0);
  expect(
    paints.every((paint) => paint === 'shell'),
    paints.join(', '),
  ).toBe(true);
}

/** Waits for the app's stylesheet (it applies to the shell's body as it will to the app's). */
const stylesheetArrived = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/')),
  );

/**
 * The boxes of the text (not of the elements: what is painted; the union of its text's boxes, so a
 * button's inner wrappers do not count) of the first element each selector finds inside `within`.
 */
function textBoxes<K extends string>(page: Page, within: string, selectors: Record<K, string>) {
  return page.evaluate(
    ({ scope, wanted }: { scope: string; wanted: Record<string, string> }) => {
      const box = (element: Element | null) => {
        if (!element) return null;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          range.selectNodeContents(node);
          const rect = range.getBoundingClientRect();
          [left, top] = [Math.min(left, rect.left), Math.min(top, rect.top)];
          [right, bottom] = [Math.max(right, rect.right), Math.max(bottom, rect.bottom)];
        }
        if (left === Infinity) return null;
        return { x: left, y: top, width: right - left, height: bottom - top };
      };
      return Object.fromEntries(
        Object.entries(wanted).map(([name, selector]) => [
          name,
          box(document.querySelector(`${scope} ${selector}`)),
        ]),
      );
    },
    { scope: within, wanted: selectors as Record<string, string> },
  ) as Promise<Record<K, { x: number; y: number; width: number; height: number } | null>>;
}

/** The boxes of a page's <h1> and its intro's text. */
const headingText = (page: Page, within: string) => textBoxes(page, within, { title: 'h1', intro: 'h1 + *' });

const FIXED_HEADINGS = [
  {
    path: '/businesses',
    title: 'Available Barbers',
    intro:
      'Barbers and hair and beauty providers across Northern Ireland. Pick one, choose a time and offer your price.',
  },
  {
    path: '/login',
    title: 'Sign In',
    intro: 'Welcome back. Sign in to request and manage your appointments.',
  },
];

for (const { path, title, intro } of FIXED_HEADINGS) {
  for (const viewport of WIDTHS) {
    test(`${path} paints its heading in the shell, where the page draws it, at ${viewport.width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await recordLargestPaints(page);
      const release = await holdEntryScript(page);

      await page.goto(path, { waitUntil: 'commit' });
      const shellTitle = page.locator('#app-shell').getByRole('heading', { level: 1, name: title });
      if (path === '/login' && viewport.width >= 992) {
        // From 62em the sign-in card sits beside a panel: the shell keeps its skeleton there.
        await expect(page.locator('.shell-title')).toBeVisible();
        await expect(shellTitle).toBeHidden();
        release();
        await context.close();
        return;
      }
      await expect(shellTitle).toBeVisible();
      await expect(page.locator('#app-shell')).toContainText(intro);
      // The skeleton's title and lines stand aside for the words.
      await expect(page.locator('.shell-title')).toBeHidden();
      await stylesheetArrived(page);
      const shell = await headingText(page, '#app-shell');
      await page.screenshot({
        path: join(SCREENSHOTS, `shell-heading${path.replace('/', '-')}-${viewport.width}.png`),
      });

      release();
      await expect(page.locator('#app-shell')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const app = await headingText(page, '#root');
      expect(app.title).toEqual(shell.title);
      expect(app.intro).toEqual(shell.intro);
      // The page's largest paint stays the shell's: the app's identical words are not a later one.
      await expectEveryLargestPaintTheShells(page);
      await context.close();
    });
  }
}

/** The landing hero's parts, by the same selectors in the shell (config/landing-shell.ts) and the page. */
const HERO_PARTS = {
  eyebrow: 'section :has(+ h1)',
  title: 'section h1',
  accent: 'section h1 > span',
  lead: 'section h1 + p',
  button: 'section h1 + p + *',
};

/** The boxes of the hero's band, its eyebrow's pill and its button (the elements, not their text). */
function heroBoxes(page: Page, within: string) {
  return page.evaluate((scope) => {
    const selectors = {
      band: 'section:has(h1)',
      eyebrow: 'section :has(+ h1)',
      button: 'section h1 + p + *',
    };
    return Object.fromEntries(
      Object.entries(selectors).map(([name, selector]) => {
        const element = document.querySelector(`${scope} ${selector}`);
        if (!element) return [name, null];
        const { x, y, width, height } = element.getBoundingClientRect();
        return [name, { x, y, width, height }];
      }),
    );
  }, within);
}

// The phone and the desktop, and the phone with a larger default font size (the browser's text
// setting): the page's sizes are in rem, and so are the shell's.
for (const [viewport, fontSize] of [
  ...WIDTHS.map((size) => [size, 16] as const),
  [WIDTHS[0]!, 20] as const,
]) {
  test(`/ paints its hero in the shell, where the page draws it, at ${viewport.width} px (${fontSize} px text)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    if (fontSize !== 16) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: fontSize } });
    }
    await recordLargestPaints(page);
    const release = await holdEntryScript(page);

    await page.goto('/', { waitUntil: 'commit' });
    const shell = page.locator('#app-shell');
    await expect(
      shell.getByRole('heading', { level: 1, name: 'Look sharp. Book in minutes.' }),
    ).toBeVisible();
    await expect(shell).toContainText('TrimTime NI connects you with local barbers');
    await expect(page.locator('.shell-skeleton')).toBeHidden();
    await stylesheetArrived(page);
    const painted = await textBoxes(page, '#app-shell', HERO_PARTS);
    const paintedBoxes = await heroBoxes(page, '#app-shell');
    await page.screenshot({ path: join(SCREENSHOTS, `shell-landing-${viewport.width}-${fontSize}.png`) });

    release();
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Request Now' })).toBeVisible();
    const drawn = await textBoxes(page, '#root', HERO_PARTS);
    for (const part of Object.keys(HERO_PARTS) as (keyof typeof HERO_PARTS)[]) {
      expect(painted[part], part).not.toBeNull();
      expect(drawn[part], part).toEqual(painted[part]);
    }
    const drawnBoxes = await heroBoxes(page, '#root');
    for (const part of ['band', 'eyebrow', 'button']) {
      expect(paintedBoxes[part], part).not.toBeNull();
      expect(drawnBoxes[part], part).toEqual(paintedBoxes[part]);
    }
    // The page's largest paint is the shell's: the hero the page draws is the same.
    await expectEveryLargestPaintTheShells(page);
    await context.close();
  });
}

// Two demo businesses: one whose address line is a phone's largest text, one whose header is short,
// so that the calendar's month heading is (the list's own order follows the time of day).
for (const [viewport, businessName] of WIDTHS.flatMap((width) =>
  ['Bow Street Barbers', 'Causeway Coast Mobile Barber'].map((name) => [width, name] as const),
)) {
  test(`a business's booking page paints its header and first step in the shell, where the page draws them, at ${viewport.width} px (${businessName})`, async ({
    browser,
    request,
  }) => {
    const { businesses } = (await (await request.get('/api/booking/businesses?sort=name')).json()) as {
      businesses: { id: string; FirstName: string; LastName: string; BusinessName: string }[];
    };
    const business = businesses.find(({ BusinessName }) => BusinessName === businessName);
    if (!business) throw new Error(`the demo business ${businessName} is not listed`);
    const name = `${business.FirstName} ${business.LastName}`;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, DEMO_CUSTOMER);
    await recordLargestPaints(page);
    const release = await holdEntryScript(page);

    await page.goto(`/booking/${business.id}`, { waitUntil: 'commit' });
    const shell = page.locator('#app-shell');
    await expect(shell.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(shell.getByRole('link', { name: '← All barbers' })).toBeVisible();
    await expect(shell.getByRole('link', { name: /^Directions to / })).toBeVisible();
    const painted = await headerText(page, '#app-shell');
    await page.screenshot({
      path: join(
        SCREENSHOTS,
        `shell-booking-${businessName.split(' ')[0]?.toLowerCase()}-${viewport.width}.png`,
      ),
    });

    release();
    await expect(shell).toHaveCount(0);
    // The page's own step (while the hours load, the page keeps a copy of the shell's header and
    // step, which must not be measured in its place).
    await expect(page.locator('#booking-step-heading')).toHaveText('Date & Time');
    await expect(page.locator('#root .shell-heading')).toHaveCount(0);
    await expect(page.locator('#root legend')).toBeVisible();
    const drawn = await headerText(page, '#root');
    for (const part of ['title', 'address', 'stepOf', 'stepTitle', 'months'] as const) {
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(drawn[part]?.[side], `${part} ${side}`).toBeCloseTo(painted[part]?.[side] ?? Number.NaN, 0);
      }
    }
    // On a phone the page's largest paint stays the shell's: the header and the step the page draws
    // are the same size, and nothing below them is larger. (On a wide screen the date step's note is.)
    await page.waitForTimeout(300);
    const paints = await largestPaints(page);
    expect(paints[0]).toBe('shell');
    // The free times were asked for by the page's loader, before the app's code ran, and the page
    // took that answer instead of asking again.
    const timesRequests = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/booking/available-times?')).length,
    );
    expect(timesRequests).toBe(1);
    if (viewport.width < 768) {
      expect(
        paints.every((paint) => paint === 'shell'),
        paints.join(', '),
      ).toBe(true);
    }
    await context.close();
  });
}

/**
 * The painted text of the booking page's title, the business's address line, and the first step's
 * "Step 1 of N", title and calendar months.
 */
const headerText = (page: Page, within: string) =>
  textBoxes(page, within, {
    title: 'h1',
    address: 'main :has(> a[aria-label^="Directions to "])',
    stepOf: ':is(.shell-step-of, section[aria-labelledby="booking-step-heading"] p)',
    stepTitle: ':is(.shell-step-card h2, #booking-step-heading)',
    months: ':is(.shell-legend, legend)',
  });

for (const viewport of WIDTHS) {
  test(`/profile paints its heading, tabs and the customer's profile card in the shell, where the page draws them, at ${viewport.width} px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, DEMO_CUSTOMER);
    await recordLargestPaints(page);
    await recordLayoutShifts(page);
    const release = await holdEntryScript(page);

    await page.goto('/profile', { waitUntil: 'commit' });
    const shell = page.locator('#app-shell');
    await expect(shell.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    // The loader filled the card from the profile it asked the API for, before the app's code ran.
    await expect(shell.locator('.shell-profile-card dl')).toBeVisible();
    await expect(shell.locator('.shell-profile-card h2')).toHaveText('Aisling Burns');
    await stylesheetArrived(page);
    const painted = await profileText(page, '#app-shell');
    await page.screenshot({ path: join(SCREENSHOTS, `shell-profile-${viewport.width}.png`) });

    release();
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'My Bookings' })).toBeVisible();
    const drawn = await profileText(page, '#root');
    for (const part of Object.keys(drawn) as (keyof typeof drawn)[]) {
      expect(drawn[part]?.text, part).toBe(painted[part]?.text);
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(drawn[part]?.[side], `${part} ${side}`).toBeCloseTo(painted[part]?.[side] ?? Number.NaN, 0);
      }
    }
    // The page's largest paint is the shell's: the card the page draws is the same, and its
    // profile's answer was the loader's (the page did not ask again).
    await expectEveryLargestPaintTheShells(page);
    const profileRequests = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/api/user/userdetails')).length,
    );
    expect(profileRequests).toBe(1);
    // Nothing moved: the card's skeleton is as tall as the card the loader put in its place.
    const shifts = await layoutShifts(page);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
    await context.close();
  });
}

/** The painted text of the profile page's heading, tabs and profile card (label and value rows). */
function profileText(page: Page, within: string) {
  return page.evaluate((scope) => {
    const root = document.querySelector(scope);
    const card = root?.querySelector('dl')?.closest('.shell-profile-card, section');
    const parts: Record<string, Element | null | undefined> = {
      title: root?.querySelector('h1'),
      firstTab: root?.querySelector('.shell-tab, [role="tab"]'),
      name: card?.querySelector('h2'),
      email: card?.querySelector('h2 + p'),
      initials: card?.querySelector('.shell-profile-avatar, .mantine-Avatar-placeholder'),
      button: card?.querySelector('.shell-profile-button, .mantine-Button-label'),
    };
    card?.querySelectorAll('dt').forEach((term, index) => {
      parts[`label${index}`] = term;
      parts[`value${index}`] = term.nextElementSibling;
    });
    return Object.fromEntries(
      Object.entries(parts).map(([name, element]) => {
        if (!element) return [name, null];
        const range = document.createRange();
        range.selectNodeContents(element);
        const { x, y, width, height } = range.getBoundingClientRect();
        return [name, { x, y, width, height, text: element.textContent?.trim() }];
      }),
    );
  }, within) as Promise<
    Record<string, { x: number; y: number; width: number; height: number; text: string } | null>
  >;
}

for (const viewport of WIDTHS) {
  test(`/admin keeps the shell's heading as its largest paint, and nothing moves while its lists step in, at ${viewport.width} px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, DEMO_BUSINESS);
    await recordLargestPaints(page);
    await recordLayoutShifts(page);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: /^Pending/ })).toBeVisible();
    // Every list whole: a list's cards going in must not push what is on screen, nor paint a larger
    // element than the shell's heading (a lower list's hint, on screen while the top list was empty,
    // did both).
    await expect(page.locator('section[data-stepping]')).toHaveCount(0);
    await expectEveryLargestPaintTheShells(page);
    const shifts = await layoutShifts(page);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      `layout shifts: ${JSON.stringify(shifts)}`,
    ).toBeLessThan(0.01);
    await context.close();
  });
}
