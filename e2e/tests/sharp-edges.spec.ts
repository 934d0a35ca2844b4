import type { Page, Request } from '@playwright/test';
import { createCustomer, expect, openBusiness, pickFirstFreeHour, signIn, test } from './fixtures';

// What a new user hit on a phone: a double tap sends one request, a decimal price is refused as
// typed with nothing saved, and a reload keeps the booking wizard on Review.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

/** Records the requests that match `method` and `path` from now on. */
function recordRequests(page: Page, method: string, path: RegExp) {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test('a double tap on Send Request after a reload on Review sends one request', async ({ page, request }) => {
  const password = 'Tw0Taps!x';
  const email = await createCustomer(request, password, 'double-tap');
  await signIn(page, email, password);

  await openBusiness(page, 'Cathedral Quarter Barbers');
  await pickFirstFreeHour(page);
  await page.getByRole('radio', { name: 'Custom amount' }).check();
  await page.getByLabel('Custom price').fill('7.50');
  await expect(page.getByText('Enter a whole number of pounds')).toBeVisible();
  await page.getByLabel('Custom price').fill('26');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your request' })).toContainText('£26');

  const bookingPosts = recordRequests(page, 'POST', /^\/api\/booking\/book$/);
  // Two taps in the same tick: the second lands before React can re-render the button as busy.
  await page.getByRole('button', { name: 'Send Request' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  const dialog = page.getByRole('dialog', { name: 'Request sent' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Booking failed')).toHaveCount(0);
  expect(bookingPosts).toHaveLength(1);

  await dialog.getByRole('button', { name: 'Go to Appointments' }).click();
  await expect(page.getByRole('tab', { name: /^Requested/ })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('article', { name: /^Cathedral Quarter Barbers, / }).filter({ hasText: '£26' }),
  ).toBeInViewport();
});

test('7.50 as a minimum price shows the message and saves nothing', async ({ page }) => {
  await signIn(page, 'lisburn@trimtime.test');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Configuration' }).click();
  const field = page.getByLabel('Minimum price (£)');
  await expect(field).toHaveValue(/^\d+$/);
  const saved = await field.inputValue();

  const writes = recordRequests(page, 'PUT', /^\/api\/user\//);
  await field.fill('7.50');
  await expect(field).toHaveValue('7.50');
  await page.getByRole('button', { name: 'Save Minimum Price' }).click();
  await expect(page.getByText('Enter a whole number of pounds')).toBeVisible();
  await expect(page.getByText('Minimum price updated successfully!')).toHaveCount(0);
  expect(writes).toHaveLength(0);

  await page.reload();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page.getByLabel('Minimum price (£)')).toHaveValue(saved);
});
