import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { bearer, DEMO_CUSTOMER, DEMO_PASSWORD, expect, signIn, test, tokenOf } from './fixtures';
import { shootBothWidths } from './screenshots';

// Cancelling an agreed appointment (api-contract §8.4), on a demo business no other journey books.
const BUSINESS_EMAIL = 'newry@trimtime.test';
const BUSINESS_NAME = 'Mourne Grooming Rooms';
const CUSTOMER_NAME = 'Aisling Burns';
const NOTICE_HOURS = 2;
const REASON = 'Burst pipe in the shop, so we are closed that day. Sorry!';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-05 10:00' → 'Sat 5 Dec 2026, 10:00', as the cards name themselves. */
function cardTime(slot: string) {
  const [year, month, day] = slot.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}, ${slot.slice(11, 16)}`;
}

/**
 * The customer requests two hours more than four days ahead (well outside the notice, and past the
 * demo story's own bookings there) and the business approves both, through the API: the journey is
 * what happens after.
 */
async function twoApprovedBookings(request: APIRequestContext) {
  const businesses = (await (
    await request.get(`/api/booking/businesses?q=${encodeURIComponent(BUSINESS_NAME)}`)
  ).json()) as {
    businesses: { id: string; BusinessName: string; minimumPrice: number }[];
  };
  const business = businesses.businesses.find((b) => b.BusinessName === BUSINESS_NAME)!;
  const times = (await (
    await request.get(`/api/booking/available-times?businessId=${business.id}`)
  ).json()) as { slots: string[] };
  const fourDaysOn = new Date(Date.now() + 4 * 24 * 3600_000).toISOString().slice(0, 10);
  const [first, second] = times.slots.filter((slot) => slot.slice(0, 10) > fourDaysOn);
  expect(first && second, 'two free hours after the next four days').toBeTruthy();

  const customer = await tokenOf(request, DEMO_CUSTOMER);
  const owner = await tokenOf(request, BUSINESS_EMAIL);
  const ids: string[] = [];
  for (const slot of [first!, second!]) {
    const booked = await request.post('/api/booking/book', {
      headers: bearer(customer),
      data: { businessId: business.id, bookingDateTime: slot, price: business.minimumPrice },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { booking } = (await booked.json()) as { booking: { id: string } };
    const approved = await request.patch('/api/booking/setstatus', {
      headers: bearer(owner),
      data: { businessId: business.id, bookingId: booking.id, status: 'Approved' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    ids.push(booking.id);
  }
  return { businessId: business.id, first: first!, second: second!, secondId: ids[1]! };
}

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function openCustomerTab(page: Page, tab: string) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
}

test('the customer cancels an approved booking within the notice; the business cancels another with a reason, which the customer then sees', async ({
  page,
  browser,
}) => {
  // Two signed-in browsers and a dozen screenshots: more than the default minute on a busy machine.
  test.slow();

  // The business asks for two hours' notice.
  await signIn(page, BUSINESS_EMAIL);
  await page.goto('/admin?tab=configuration');
  const notice = page.getByRole('textbox', { name: 'Cancellation notice (hours)' });
  await notice.fill('80');
  await notice.blur();
  await expect(page.getByText('Notice must be a whole number of hours from 0 to 72')).toBeVisible();
  await shootBothWidths(page, 'cancellation-notice-invalid');
  await notice.fill(String(NOTICE_HOURS));
  await page.getByRole('button', { name: 'Save Cancellation Notice' }).click();
  await expect(page.getByText('Cancellation notice saved')).toBeVisible();
  await shootBothWidths(page, 'cancellation-notice');

  const { businessId, first, second, secondId } = await twoApprovedBookings(page.request);

  // The approval email's link, opened signed out, asks for a sign-in and then opens that booking's
  // card, in view and focus (issue 29, items 3 and 5).
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER)}`);
      const { messages } = (await outbox.json()) as { messages: { subject: string; text: string }[] };
      const approval = messages.find((m) => /is approved$/.test(m.subject) && m.text.includes(secondId));
      link = approval && /Manage it here: (\S+)/.exec(approval.text)?.[1];
      return link;
    })
    .toMatch(new RegExp(`/profile\\?booking=${secondId}$`));
  const emailed = new URL(link!);
  const reader = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const inbox = await reader.newPage();
  await inbox.goto(emailed.pathname + emailed.search);
  await expect(inbox).toHaveURL(/\/login\?next=/);
  await inbox.getByLabel('Email').fill(DEMO_CUSTOMER);
  await inbox.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await inbox.getByRole('button', { name: 'Sign In' }).click();
  await expect(inbox).toHaveURL(emailed.pathname + emailed.search);
  await expect(inbox.getByRole('article', { name: `${BUSINESS_NAME}, ${cardTime(second)}` })).toBeFocused();
  await reader.close();

  // The customer sees the notice on the booking page.
  const { context, page: customer } = await signedInPage(browser, DEMO_CUSTOMER);
  await customer.goto(`/booking/${businessId}`);
  await expect(
    customer.getByText(`${BUSINESS_NAME} asks for ${NOTICE_HOURS} hours' notice to cancel.`),
  ).toBeVisible();
  await shootBothWidths(customer, 'cancellation-booking-page');

  // The customer cancels the first approved booking, in two steps.
  await openCustomerTab(customer, 'Approved');
  const firstCard = customer.getByRole('article', { name: `${BUSINESS_NAME}, ${cardTime(first)}` }).first();
  await firstCard.getByRole('button', { name: 'Cancel Booking' }).click();
  await shootBothWidths(customer, 'cancellation-customer-dialog');
  await customer
    .getByRole('dialog', { name: 'Cancel this booking?' })
    .getByRole('button', { name: 'Yes, Cancel It' })
    .click();
  await customer
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Confirm Cancellation' })
    .click();
  await expect(customer.getByText('Booking cancelled')).toBeVisible();
  await openCustomerTab(customer, 'Cancelled');
  const cancelledByMe = customer.getByRole('article', { name: `${BUSINESS_NAME}, ${cardTime(first)}` });
  await expect(cancelledByMe).toContainText('Cancelled');
  await expect(cancelledByMe).toContainText('You cancelled this booking');

  // The business cancels the second one with a reason, in two steps.
  await page.goto('/admin');
  const approved = page.getByRole('region', { name: /^Approved/ });
  const secondCard = approved.getByRole('article', { name: `${CUSTOMER_NAME}, ${cardTime(second)}` });
  await secondCard.getByRole('button', { name: 'Cancel' }).click();
  const reasonDialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await reasonDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(reasonDialog.getByText('Please give a reason for cancelling')).toBeVisible();
  await shootBothWidths(page, 'cancellation-business-reason-missing');
  await reasonDialog.getByRole('textbox', { name: /^Reason for cancelling/ }).fill(REASON);
  await reasonDialog.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes, Cancel Booking' })
    .click();
  await expect(page.getByText('Booking cancelled')).toBeVisible();
  const cancelledByBusiness = page
    .getByRole('region', { name: /^Denied/ })
    .getByRole('article', { name: `${CUSTOMER_NAME}, ${cardTime(second)}` });
  await expect(cancelledByBusiness).toContainText('You cancelled this booking');
  await expect(cancelledByBusiness).toContainText(REASON);
  // The customer's own cancellation reads as theirs on the business's side.
  await expect(page.getByRole('article', { name: `${CUSTOMER_NAME}, ${cardTime(first)}` })).toContainText(
    'Cancelled by the customer',
  );
  await cancelledByBusiness.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'cancellation-business-card');

  // The customer sees that the business cancelled, and why.
  await openCustomerTab(customer, 'Cancelled');
  const theirs = customer.getByRole('article', { name: `${BUSINESS_NAME}, ${cardTime(second)}` });
  await expect(theirs).toContainText('Cancelled by the business');
  await expect(theirs).toContainText(`Reason: “${REASON}”`);
  await shootBothWidths(customer, 'cancellation-customer-card');
  await context.close();
});
