import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  createCustomer,
  DEMO_CUSTOMER,
  expect,
  openAccountDeletion,
  openBusiness,
  pickFirstFreeHour,
  signIn,
  test,
} from './fixtures';
import { shootBothWidths } from './screenshots';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) }).click();
}

test('a customer books at the shop, sees it under Requested, and cancels it', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER);
  await openBusiness(page, 'Cathedral Quarter Barbers');
  await shootBothWidths(page, 'booking-date-time');
  await pickFirstFreeHour(page);

  // Presets are shown only above the £20 minimum; the minimum itself is offered too.
  await expect(page.getByRole('radio', { name: '£20 (minimum)' })).toBeVisible();
  await page.getByRole('radio', { name: 'Custom amount' }).check();
  await page.getByLabel('Custom price').fill('15');
  await expect(page.getByText('Price must be at least £20')).toBeVisible();
  await page.getByLabel('Custom price').fill('27');
  await shootBothWidths(page, 'booking-price');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your request' })).toContainText('£27');
  await shootBothWidths(page, 'booking-review');
  await page.getByRole('button', { name: 'Send Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request sent' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to Appointments' }).click();

  await expect(page).toHaveURL(/\/profile(\?|$)/);
  await openTab(page, 'Requested');
  const card = page.getByRole('article', { name: /^Cathedral Quarter Barbers, / }).filter({ hasText: '£27' });
  await expect(card).toBeVisible();
  await shootBothWidths(page, 'profile-bookings');

  await card.getByRole('button', { name: 'Cancel Request' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this request?' })
    .getByRole('button', { name: 'Yes, Cancel It' })
    .click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Confirm Cancellation' })
    .click();
  await openTab(page, 'Cancelled');
  await expect(
    page.getByRole('article', { name: /^Cathedral Quarter Barbers, / }).filter({ hasText: '£27' }),
  ).toBeVisible();
});

test('a customer books a home visit at their profile address', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER);
  await openBusiness(page, 'Marina Cuts');
  await pickFirstFreeHour(page);
  await page.getByRole('radio', { name: '£45' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Location' })).toBeVisible();
  await page.getByRole('radio', { name: 'Home visit' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Home visit address' });
  await expect(addressDialog).toContainText('14 Malone Avenue');
  await addressDialog.getByRole('button', { name: 'Confirm Address' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  const review = page.getByRole('region', { name: 'Your request' });
  await expect(review).toContainText('Home visit');
  await expect(review).toContainText('14 Malone Avenue');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await page
    .getByRole('dialog', { name: 'Request sent' })
    .getByRole('button', { name: 'Go to Appointments' })
    .click();
  await openTab(page, 'Requested');
  await expect(
    page.getByRole('article', { name: /^Marina Cuts, / }).filter({ hasText: '£45' }),
  ).toBeVisible();
});

test('a mobile barber names the districts it travels to; a customer books a home visit at another address there', async ({
  page,
  browser,
}) => {
  test.slow();
  // The business, in its Configuration: Coleraine, Portrush and Portstewart (issue 29, item 19).
  const owner = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const barber = await owner.newPage();
  await signIn(barber, 'coleraine@trimtime.test');
  await barber.goto('/admin?tab=configuration');
  const area = barber.getByRole('textbox', { name: 'Postcode districts you travel to' });
  // From anywhere (as seeded), whatever an earlier try of this journey saved.
  await area.fill('');
  if (await barber.getByRole('button', { name: 'Save Area' }).isEnabled()) {
    await barber.getByRole('button', { name: 'Save Area' }).click();
    await expect(barber.getByText('You travel anywhere in Northern Ireland.')).toBeVisible();
  }
  await area.fill('BT51-BT52, BT55-BT57');
  await barber.getByRole('button', { name: 'Save Area' }).click();
  await expect(barber.getByText('You travel to BT51, BT52, BT55–BT57.')).toBeVisible();
  await shootBothWidths(barber, 'home-visit-area-settings');
  await owner.close();

  // The customer lives in Belfast (BT9): the dialog says so, and takes a Portrush address instead.
  await signIn(page, DEMO_CUSTOMER);
  await openBusiness(page, 'Causeway Coast Mobile Barber');
  await expect(page.getByText('Home visits in BT51, BT52, BT55–BT57')).toBeVisible();
  await pickFirstFreeHour(page);
  await page.getByRole('radio', { name: /^£/ }).first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Home visit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Home visit address' });
  // The profile's address is outside the districts: the dialog says why and starts on another one.
  await expect(dialog.getByRole('radio', { name: 'The address in my profile' })).not.toBeChecked();
  await expect(dialog).toContainText('this address is in BT9');
  await expect(dialog.getByRole('radio', { name: 'Another address for this visit' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /^Address line 1/ }).fill('5 Causeway Street');
  await dialog.getByRole('textbox', { name: /^City\/Town/ }).fill('Portrush');
  await dialog.getByRole('textbox', { name: /^Postcode/ }).fill('bt56 8aa');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await shootBothWidths(page, 'home-visit-other-address');
  await dialog.getByRole('button', { name: 'Confirm Address' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByRole('region', { name: 'Your request' });
  await expect(review).toContainText('5 Causeway Street, Portrush, BT56 8AA');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible();
});

test('profile edits are validated on blur and saved', async ({ page, request }) => {
  const password = 'Profile1!';
  const email = await createCustomer(request, password, 'profile');
  await signIn(page, email, password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  const firstName = page.getByLabel('First name');
  await firstName.fill('');
  await firstName.blur();
  await expect(page.getByText('First name is required')).toBeVisible();
  await firstName.fill('N');
  await firstName.blur();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const postcode = page.getByLabel('Postcode');
  await postcode.fill('SW1A 1AA');
  await postcode.blur();
  await expect(page.getByText('Must be a valid Northern Irish postcode (e.g., BT1 1AA)')).toBeVisible();
  await shootBothWidths(page, 'profile-edit-errors');

  await firstName.fill('Nuala');
  await postcode.fill('BT28 1XZ');
  await page.getByLabel('Address line 2 (optional)').fill('Flat 2');
  await postcode.blur();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Nuala Quinn' })).toBeVisible();

  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('trimtime.session') ?? localStorage.getItem('trimtime.session');
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : '';
  });
  const details = await request.get('/api/user/userdetails', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await details.json()).Address).toBe('22 Bridge Street, Flat 2, Lisburn, BT28 1XZ');
});

test('a customer deletes their account in three steps', async ({ page, request }) => {
  const password = 'Delete1!';
  const email = await createCustomer(request, password, 'delete');
  await signIn(page, email, password);
  await page.goto('/profile');
  await openAccountDeletion(page);
  const confirm = page.getByRole('dialog', { name: 'Confirm Account Deletion' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete My Account' });
  await confirm.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('delete my account');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
  await shootBothWidths(page, 'profile-delete');
  await deleteButton.click();
  await expect(page.getByText('Account deleted').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(401);
});

test('an approved booking downloads as an .ics event as long as the booking', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER);
  await page.goto('/profile');
  await openTab(page, 'Approved');
  const card = page.getByRole('tabpanel').getByRole('article').first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Add to Calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  const start = /DTSTART:(\d{8}T\d{4})00Z/.exec(ics)?.[1];
  const end = /DTEND:(\d{8}T\d{4})00Z/.exec(ics)?.[1];
  expect(start && end).toBeTruthy();
  const toDate = (s: string) =>
    Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13));
  // A service's booking says how long it takes ('Skin fade · 30 min · with Niamh'); else an hour.
  const text = (await card.textContent()) ?? '';
  const hours = /(\d+) (?:hr|hours?)\b/.exec(text);
  const mins = /(\d+) min\b/.exec(text);
  const minutes = hours || mins ? Number(hours?.[1] ?? 0) * 60 + Number(mins?.[1] ?? 0) : 60;
  expect(toDate(end!) - toDate(start!)).toBe(minutes * 60 * 1000);
  expect(ics).toMatch(/LOCATION:(Barber Shop|Home Visit|.+BT\d)/);
});
