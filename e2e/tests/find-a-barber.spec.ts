import type { Browser } from '@playwright/test';
import { scan, setWidth } from './a11y-helpers';
import { DEMO_CUSTOMER, expect, pickFirstFreeHour, signIn, test } from './fixtures';
import { shootBothWidths } from './screenshots';

// Finding a barber and running the shop (api-contract §8.5), on a phone: the customer filters by
// town and home visits, sees where the shop is and its next free hour, and books; the business
// edits its details and sees them on the list, pages back through its history, and subscribes to
// its calendar feed.

const HOME_STUDIO = 'Kings Road Fades';
const HOME_STUDIO_EMAIL = 'eastbelfast@trimtime.test';
const BUSY_SHOP_EMAIL = 'belfast@trimtime.test';

async function phone(browser: Browser) {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 375, height: 812 },
  });
  return { context, page: await context.newPage() };
}

test('a customer filters by town and home visits, sees the address and next free hour, and books at 375 px', async ({
  page,
}) => {
  await setWidth(page, 375);
  await signIn(page, DEMO_CUSTOMER);
  await page.goto('/businesses');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Barbers' })).toBeVisible();

  // On a phone the filters fold behind one button; every choice goes into the address bar.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const town = page.getByLabel('Town');
  const belfast = await town.locator('option', { hasText: /^Belfast \(\d+\)$/ }).textContent();
  await town.selectOption({ label: belfast ?? '' });
  await expect(page).toHaveURL(/[?&]town=Belfast(&|$)/);
  const homeVisits = page.getByRole('switch', { name: 'Home visits' });
  await homeVisits.click();
  await expect(page).toHaveURL(/[?&]homeVisits=true(&|$)/);
  await expect(homeVisits).toBeChecked();

  const cards = page.getByRole('article');
  await expect(cards.filter({ hasText: HOME_STUDIO })).toBeVisible();
  for (const card of await cards.all()) {
    await expect(card).toContainText('Belfast');
    await expect(card).toContainText('Home visits');
  }
  const card = cards.filter({ hasText: HOME_STUDIO });
  // A home studio shows only its town and postcode, with directions to them.
  await expect(card).toContainText('Belfast, BT5 6JL');
  await expect(card).not.toContainText('58 Kings Road');
  await expect(card.getByRole('link', { name: /Directions/ })).toHaveAttribute('href', /maps.*Belfast/);
  await expect(card).toContainText(/Next free: (Today|Tomorrow|Mon|Tue|Wed|Thu|Fri|Sat|Sun)/);
  await scan(page, 'Businesses /businesses (filtered, phone)');
  await setWidth(page, 375);
  await shootBothWidths(page, 'businesses-filtered');

  // The URL is the search: a reload keeps it, Back undoes the last choice.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: HOME_STUDIO })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/homeVisits=true/);
  await page.goForward();
  await expect(page).toHaveURL(/homeVisits=true/);

  await page
    .getByRole('article')
    .filter({ hasText: HOME_STUDIO })
    .getByRole('link', { name: 'Request Now' })
    .click();
  await expect(page.getByRole('heading', { name: 'Date & Time' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Belfast, BT5 6JL');
  await pickFirstFreeHour(page);
  await page.getByRole('radio', { name: /minimum/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The customer looked for home visits: the barber comes to them.
  await page.getByRole('radio', { name: 'Home visit' }).click();
  await page
    .getByRole('dialog', { name: 'Home visit address' })
    .getByRole('button', { name: 'Confirm Address' })
    .click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your request' })).toContainText('Home visit');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible();

  // Nothing matches: the page says so and clears the filters in one tap.
  await page.goto('/businesses?town=Belfast&q=no%20such%20barber');
  await expect(page.getByText('No businesses match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/businesses$/);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('a business edits its details and sees them on the list at 375 px', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await signIn(page, HOME_STUDIO_EMAIL);
  await page.goto('/admin?tab=profile');
  await page.getByRole('button', { name: 'Edit shop details' }).click();
  const form = page.getByRole('form', { name: 'Edit business details' });
  const description = 'Skin fades, beard trims and hot towel shaves from a home studio in east Belfast.';
  await form.getByLabel('Business description (optional)').fill(description);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(description)).toBeVisible();

  await page.goto('/businesses?q=hot%20towel');
  const card = page.getByRole('article').filter({ hasText: HOME_STUDIO });
  await expect(card).toContainText(description);
  await context.close();
});

test('a busy business pages back through its history and subscribes to its calendar feed at 375 px', async ({
  browser,
  request,
}) => {
  const { context, page } = await phone(browser);
  await signIn(page, BUSY_SHOP_EMAIL);
  // The dashboard asks only for what it shows: pending work, upcoming appointments, and the
  // history a page at a time.
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/booking/getallbookings')) asked.push(new URL(sent.url()).search);
  });
  await page.goto('/admin');
  const denied = page.getByRole('region', { name: /^Denied/ });
  await expect(denied.getByRole('article').first()).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  // A page at a time (the domain's DASHBOARD_PAGE_SIZE), never the whole list.
  for (const search of asked) expect(search).toMatch(/[?&]limit=\d{1,2}(&|$)/);

  const showAll = denied.getByRole('button', { name: /^Show all \d+$/ });
  if (await showAll.isVisible()) await showAll.click();
  const before = await denied.getByRole('article').count();
  await denied.getByRole('button', { name: 'Show older' }).click();
  await expect.poll(() => denied.getByRole('article').count()).toBeGreaterThan(before);
  expect(asked.some((search) => /[?&]cursor=/.test(search))).toBe(true);
  await shootBothWidths(page, 'dashboard-history-paged');

  await page.goto('/admin?tab=configuration');
  const card = page.getByRole('region', { name: 'Calendar and Export' });
  await card.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to your bookings' });
  await dialog.getByRole('button', { name: /Create calendar link|Get a new link/ }).click();
  const link = dialog.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const feed = await request.get(await link.inputValue());
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VEVENT');
  await context.close();
});
