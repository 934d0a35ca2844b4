import type { Browser, Page } from '@playwright/test';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  expect,
  readCode,
  readOutbox,
  signIn,
  test,
  uniqueEmail,
} from './fixtures';
import { shootBothWidths } from './screenshots';

const BUSINESS_PASSWORD = 'Sh0pFront!';

/** The invitee walks the four-step wizard and confirms the emailed code; ends on /admin. */
async function registerFromInvite(page: Page, inviteLink: string, email: string, businessName: string) {
  await page.goto(inviteLink);
  await expect(page.getByRole('heading', { name: 'Complete Your Business Registration' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await shootBothWidths(page, 'invite-step1');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Niamh');
  await page.getByLabel('Last name').fill('Kelly');
  await page.getByLabel('Password', { exact: true }).fill(BUSINESS_PASSWORD);
  await page.getByLabel('Confirm password').fill(BUSINESS_PASSWORD);
  await page.getByLabel('Phone number').fill('+44 7123 456789');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await page.getByLabel('Address', { exact: true }).fill('12 Lisburn Road\nBelfast\nBT9 6AA');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Shop Details' })).toBeVisible();
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('Business address').fill('4 Castle Street, Belfast, BT1 1HB');
  await page.getByLabel('Business description (optional)').fill('Fades and hot towel shaves.');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Business Hours' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please set at least one day of availability')).toBeVisible();
  // Every day on (09:00-17:00), so the customer always finds a free hour in the next days.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await page
      .getByRole('group', { name: `${day} hours` })
      .getByRole('switch', { name: day })
      .click({ force: true });
  }
  await shootBothWidths(page, 'invite-step3');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Pricing & Services' })).toBeVisible();
  await page.getByLabel('Minimum price').fill('30');
  await page.getByRole('button', { name: 'Complete Registration' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const { code } = await readCode(page.request, email);
  await page.getByLabel('Confirmation code digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm Account' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Signs in as the demo Admin in the API and sends an invite; returns the emailed link. */
async function inviteByApi(page: Page, email: string) {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@trimtime.test', password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const invite = await page.request.post('/api/auth/send-business-invite', {
    data: { email },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(invite.status()).toBe(201);
  return inviteLinkFromOutbox(page, email);
}

async function inviteLinkFromOutbox(page: Page, email: string) {
  const message = await readOutbox(page.request, email);
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(message.text)?.[0];
  expect(link, 'an invite link in the email').toBeTruthy();
  return new URL(link!).pathname;
}

/** A customer in a second browser books the first free hour of `businessName` at its minimum. */
async function customerBooks(browser: Browser, businessName: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, DEMO_CUSTOMER);
  await page.goto('/businesses');
  await page
    .getByRole('article')
    .filter({ hasText: businessName })
    .getByRole('link', { name: 'Request Now' })
    .click();
  await page
    .getByRole('group', { name: /^Times on / })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('radio', { name: /\(minimum\)$/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible();
  return { context, page };
}

test('an invalid invite link says so and offers the way home', async ({ page }) => {
  await page.goto('/invite/not-a-real-code');
  await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();
  await expect(page.getByText('This invitation link is invalid or has already been used.')).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an invited business registers, confirms and appears in the list', async ({ page, browser }) => {
  const email = uniqueEmail('shop');
  const businessName = `Kelly Cuts ${Date.now() % 100000}`;
  const link = await inviteByApi(page, email);
  await registerFromInvite(page, link, email, businessName);

  const { context, page: customer } = await customerBooks(browser, businessName);
  await context.close();
  expect(customer).toBeTruthy();
});
