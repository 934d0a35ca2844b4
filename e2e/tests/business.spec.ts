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
async function customerBooks(browser: Browser, businessName: string, customerEmail = DEMO_CUSTOMER) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, customerEmail);
  await page.goto(`/businesses?q=${encodeURIComponent(businessName)}`);
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

async function openAdminTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

test('admin invites, the business registers, counters a request, the customer accepts, both see it confirmed', async ({
  page,
  browser,
}) => {
  // The Admin, the new business and a customer, each page loaded and hydrated.
  test.setTimeout(120_000);
  const email = uniqueEmail('shop');
  const businessName = `Kelly Cuts ${Date.now() % 100000}`;

  // The Admin invites through the dashboard.
  await signIn(page, 'admin@trimtime.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  await openAdminTab(page, 'Invite Business');
  await page.getByLabel('Business email address').fill(email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent').first()).toBeVisible();
  // The Admin's list of sent invitations shows it, open, with Resend and Revoke (issue 29, item 18).
  const sent = page.getByRole('list', { name: 'Sent invitations' }).getByRole('listitem', { name: email });
  await expect(sent).toContainText('Open');
  await expect(sent.getByRole('button', { name: `Revoke invitation to ${email}` })).toBeVisible();
  await shootBothWidths(page, 'admin-sent-invitations');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  // The invitee registers from the emailed link, confirms and lands on /admin.
  const link = await inviteLinkFromOutbox(page, email);
  await registerFromInvite(page, link, email, businessName);

  // The business adds evening hours on Monday.
  await openAdminTab(page, 'Set Hours');
  const monday = page.getByRole('region', { name: 'Monday' });
  await monday.getByRole('button', { name: '+ Add Hours' }).click();
  await monday.getByRole('combobox', { name: 'Monday slot 2 start' }).selectOption('18:00');
  await monday.getByRole('combobox', { name: 'Monday slot 2 end' }).selectOption('20:00');
  await page.getByRole('button', { name: 'Save Hours' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  // A customer, in a second browser, requests the first free hour at the £30 minimum.
  const { context, page: customer } = await customerBooks(browser, businessName);

  // The business counters at £42.
  await openAdminTab(page, 'Manage Requests');
  await page.reload();
  const pending = page.getByRole('region', { name: /^Pending/ });
  const request = pending.getByRole('article').first();
  await expect(request).toBeVisible();
  await request.getByRole('button', { name: 'Counter' }).click();
  const counter = page.getByRole('dialog', { name: 'Counter Offer' });
  await counter.getByLabel('Counter price (£)').fill('301');
  await expect(counter.getByText('Maximum counter offer is £300')).toBeVisible();
  await counter.getByLabel('Counter price (£)').fill('42');
  await counter.getByRole('button', { name: 'Send Counter Offer' }).click();
  await expect(page.getByRole('region', { name: /^Counter Offers Sent/ }).getByRole('article')).toHaveCount(
    1,
  );

  // The customer accepts the counter offer and sees it confirmed.
  await customer.goto('/profile');
  await customer.getByRole('tab', { name: /^Counter Offers \(\d+\)$/ }).click();
  await customer.getByRole('button', { name: 'Accept £42' }).click();
  const confirmed = customer.getByRole('region', { name: /^Confirmed Bookings/ });
  await expect(confirmed.getByRole('article', { name: new RegExp(`^${businessName}, `) })).toBeVisible();
  await context.close();

  // The business sees it approved/confirmed and marked on its calendar.
  await page.reload();
  const approved = page.getByRole('region', { name: /^Approved/ });
  await expect(approved.getByText('Confirmed', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: 'View Calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Booking Calendar' });
  await expect(calendar.getByLabel(/^Bookings on /)).toContainText('£42');
});

test('a business approves one request and denies another in two steps', async ({ page, browser }) => {
  // Three people in three browsers, each page loaded and hydrated.
  test.setTimeout(120_000);
  const email = uniqueEmail('shop');
  const businessName = `Bann Barbers ${Date.now() % 100000}`;
  const link = await inviteByApi(page, email);
  await registerFromInvite(page, link, email, businessName);

  const first = await customerBooks(browser, businessName);
  await first.context.close();
  const second = await customerBooks(browser, businessName, 'declan@trimtime.test');
  await second.context.close();

  await page.reload();
  const pending = page.getByRole('region', { name: /^Pending/ });
  await expect(pending.getByRole('article')).toHaveCount(2);
  await pending.getByRole('article').first().getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve this request?' })
    .getByRole('button', { name: 'Approve Request' })
    .click();
  await expect(page.getByText(/^Approved: /)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Approved/ }).getByRole('article')).toHaveCount(1);

  await pending.getByRole('article').first().getByRole('button', { name: 'Deny' }).click();
  await page
    .getByRole('dialog', { name: 'Deny this request?' })
    .getByRole('button', { name: 'Deny Request' })
    .click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, Deny Request' })
    .click();
  await expect(page.getByRole('region', { name: /^Denied/ }).getByRole('article')).toHaveCount(1);
  await expect(pending.getByRole('article')).toHaveCount(0);
});

test('every dashboard tab at phone and desktop widths', async ({ page }) => {
  await signIn(page, 'admin@trimtime.test');
  await page.goto('/admin');
  for (const [tab, name] of [
    ['Manage Requests', 'admin-requests'],
    ['Profile', 'admin-profile'],
    ['Set Hours', 'admin-hours'],
    ['Configuration', 'admin-configuration'],
    ['Invite Business', 'admin-invite'],
  ] as const) {
    await openAdminTab(page, tab);
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await shootBothWidths(page, name);
  }
  await signIn(page, 'belfast@trimtime.test');
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Invite Business' })).toHaveCount(0);
  await page.getByRole('button', { name: 'View Calendar' }).click();
  await expect(page.getByRole('dialog', { name: 'Booking Calendar' })).toBeVisible();
  await shootBothWidths(page, 'admin-calendar');
});
