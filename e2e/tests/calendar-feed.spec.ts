import { readFileSync } from 'node:fs';
import { scan, settledDialog, setWidth } from './a11y-helpers';
import { expect, signIn, test } from './fixtures';
import { shootBothWidths } from './screenshots';

// The business's calendar feed and CSV export (api-contract §8.5), on a phone.
const BUSINESS_EMAIL = 'ballymena@trimtime.test';

test('a business subscribes to its calendar feed, gets a new link, turns it off, and exports a month as CSV at 375 px', async ({
  page,
  request,
}) => {
  await setWidth(page, 375);
  await signIn(page, BUSINESS_EMAIL);
  await page.goto('/admin?tab=configuration');
  const card = page.getByRole('region', { name: 'Calendar and Export' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = await settledDialog(page, 'Subscribe to your bookings');
  await expect(dialog).toContainText('Google Calendar');
  await dialog.getByRole('button', { name: 'Create calendar link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  const first = await link.inputValue();
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
  await scan(page, 'calendar feed dialog', { kind: 'dialog' });
  await setWidth(page, 375);
  await shootBothWidths(page, 'calendar-feed-dialog');

  await dialog.getByRole('button', { name: 'Get a new link' }).click();
  await expect(link).not.toHaveValue(first);
  const second = await link.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Turn off link' }).click();
  await expect(dialog.getByText('Your calendar link is off')).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
    'Date,Time,Service,Minutes,Barber,Status,Customer,Phone,Price,Home visit,Address,Payment,Amount due,Paid,Refunded,Attendance',
  );
  await expect(page.getByText('Bookings exported')).toBeVisible();
});
