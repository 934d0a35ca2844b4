import { expect, signIn, test } from './fixtures';

// A small phone: every dashboard tab must be reachable and readable without guessing (issue 9 item 5).
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const ADMIN_TABS = [
  'Profile',
  'Set Hours',
  'Configuration',
  'Manage Requests',
  'Diary',
  'Reviews',
  'Invite Business',
  'Reported Reviews',
];

test('every dashboard tab shows its whole label inside a 375 px screen', async ({ page }) => {
  await signIn(page, 'admin@trimtime.test');
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(tabs).toHaveText(ADMIN_TABS);
  await expect(page.getByRole('tab', { name: 'Manage Requests' })).toHaveAttribute('aria-selected', 'true');

  for (const name of ADMIN_TABS) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeInViewport({ ratio: 1 });
    // The label is not cut short (no overflow inside the tab).
    const isCut = await tab.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(isCut, `${name} shows its whole label`).toBe(false);
  }

  // And each still opens its panel.
  await page.getByRole('tab', { name: 'Invite Business' }).click();
  await expect(page.getByRole('heading', { name: 'Invite a Business' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reported Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Reported Reviews', level: 2 })).toBeVisible();
});

test('a toast after saving hours leaves the Save Hours bar clear', async ({ page }) => {
  await signIn(page, 'ballymena@trimtime.test');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Set Hours' }).click();
  const sunday = page.getByRole('region', { name: 'Sunday' });
  // Ballymena opens 09:00-13:00 on Sundays in the demo data: an evening range is added after it.
  await sunday.getByRole('button', { name: '+ Add Hours' }).click();
  await sunday.getByRole('combobox', { name: 'Sunday slot 2 start' }).selectOption('18:00');
  await sunday.getByRole('combobox', { name: 'Sunday slot 2 end' }).selectOption('20:00');
  const saveBar = page
    .getByRole('button', { name: 'Save Hours' })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  await expect(saveBar).toBeInViewport();
  await page.getByRole('button', { name: 'Save Hours' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Availability updated' });
  await expect(toast).toBeVisible();
  const [toastBox, barBox] = await Promise.all([toast.boundingBox(), saveBar.boundingBox()]);
  const overlaps =
    toastBox !== null &&
    barBox !== null &&
    toastBox.y < barBox.y + barBox.height &&
    barBox.y < toastBox.y + toastBox.height;
  expect(overlaps, `toast ${JSON.stringify(toastBox)} against save bar ${JSON.stringify(barBox)}`).toBe(
    false,
  );
});
