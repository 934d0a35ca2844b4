import { DEMO_CUSTOMER, expect, signIn, test } from './fixtures';

/**
 * Issue 9 item 7: work is not lost. At 375 px a customer walks the booking wizard to Review,
 * reloads and is still on Review with the same choices; the browser's Back then goes to the
 * previous step instead of leaving the wizard. Each page change retitles the tab and puts focus on
 * the new page's main heading.
 */
test('Booking wizard (375 px): a reload keeps Review and its choices; Back steps back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DEMO_CUSTOMER);

  await page.goto('/businesses');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Barbers' })).toBeVisible();
  await expect(page).toHaveTitle('Available Barbers · TrimTime NI');

  const business = 'Walled City Barbers';
  await page
    .getByRole('article')
    .filter({ hasText: business })
    .getByRole('link', { name: 'Request Now' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Date & Time' })).toBeVisible();
  // Named from the card it was chosen from, as the server names the page (api-contract §9.1).
  await expect(page).toHaveTitle(`${business}, Londonderry · TrimTime NI`);
  // Focus went to the new page's main heading (the business's name).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // A later day than the first, then its first hour: the wizard moves on to Price by itself.
  const days = page.locator('button[aria-pressed]:not([disabled])').filter({ hasText: /^\d/ });
  await days.nth(1).click();
  const firstHour = page
    .getByRole('group', { name: /^Times on / })
    .getByRole('button')
    .first();
  const hour = (await firstHour.textContent())?.trim() ?? '';
  await firstHour.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Price' })).toBeVisible();
  await expect(page).toHaveURL(/\?step=price$/);

  const offer = page.getByRole('radio').nth(1);
  const offerName = (await offer.getAttribute('aria-label')) ?? '';
  await offer.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?step=review$/);
  const summary = page.getByRole('region', { name: 'Your request' });
  await expect(summary).toContainText(hour);
  const chosen = (await summary.textContent()) ?? '';

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(summary).toHaveText(chosen);
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Price' })).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/[^/?]+\?step=price$/);
  await expect(page.getByRole('radio', { name: offerName })).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: 'Price' })).toBeFocused();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Date & Time' })).toBeVisible();
  await expect(page.getByRole('button', { name: hour, pressed: true })).toBeVisible();
});
