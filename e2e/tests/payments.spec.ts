import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, DEMO_CUSTOMER, expect, signIn, test, tokenOf } from './fixtures';
import { shootBothWidths } from './screenshots';

// Payments with the development provider (api-contract §9.2, issue 31), on a phone: the business
// connects its payout account and asks for a 25% deposit; the customer pays it and gets a receipt;
// the business then cancels, and the deposit comes back. A demo business no other journey books.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const BUSINESS_EMAIL = 'derry@trimtime.test';
const BUSINESS_NAME = 'Walled City Barbers';

/** The customer asks for a free hour more than two days ahead at £20; the business approves it. */
async function approvedBooking(request: APIRequestContext) {
  const found = (await (
    await request.get(`/api/booking/businesses?q=${encodeURIComponent(BUSINESS_NAME)}`)
  ).json()) as { businesses: { id: string; BusinessName: string }[] };
  const business = found.businesses.find((b) => b.BusinessName === BUSINESS_NAME)!;
  const times = (await (
    await request.get(`/api/booking/available-times?businessId=${business.id}`)
  ).json()) as { slots: string[] };
  const later = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
  const slot = times.slots.find((candidate) => candidate.slice(0, 10) > later);
  expect(slot, 'a free hour after the next two days').toBeTruthy();
  const booked = await request.post('/api/booking/book', {
    headers: bearer(await tokenOf(request, DEMO_CUSTOMER)),
    data: { businessId: business.id, bookingDateTime: slot, price: 20 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string } };
  const owner = await tokenOf(request, BUSINESS_EMAIL);
  const approved = await request.patch('/api/booking/setstatus', {
    headers: bearer(owner),
    data: { businessId: business.id, bookingId: booking.id, status: 'Approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { businessId: business.id, bookingId: booking.id, owner, slot: slot! };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-05 10:00' → 'Walled City Barbers, Sat 5 Dec 2026, 10:00', as the card names itself. */
function cardName(slot: string) {
  const [year, month, day] = slot.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${BUSINESS_NAME}, ${weekday} ${day} ${MONTHS[month - 1]} ${year}, ${slot.slice(11, 16)}`;
}

async function openCard(page: Page, tab: string, slot: string) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
  return page.getByRole('article', { name: cardName(slot) });
}

test('a business asks for a 25% deposit; the customer pays it on a phone and gets a receipt; a cancellation refunds it', async ({
  page,
  browser,
}) => {
  test.slow();

  // The business connects its payout account through the TEST onboarding page, then asks for 25%.
  const owner = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const barber = await owner.newPage();
  await signIn(barber, BUSINESS_EMAIL);
  await barber.goto('/admin?tab=configuration');
  const payments = barber.getByRole('region', { name: 'Payments' });
  const connect = payments.getByRole('button', { name: /^(Connect Payout Account|Continue Set-up)$/ });
  // A rerun finds the account active already.
  await expect(payments.getByText(/payout account/i).first()).toBeVisible();
  if (await connect.isVisible()) {
    await connect.click();
    await expect(barber.getByRole('heading', { name: 'Payout account' })).toBeVisible();
    await expect(barber.getByText('TEST', { exact: true })).toBeVisible();
    await shootBothWidths(barber, 'payments-test-onboarding');
    await barber.getByRole('button', { name: 'Activate test account' }).click();
    await expect(barber).toHaveURL(/\/admin\?tab=configuration$/);
  }
  await expect(payments.getByText('Your payout account can take payments.')).toBeVisible();
  await payments.getByRole('radio', { name: 'A deposit when the booking is agreed' }).check();
  await payments.getByRole('textbox', { name: 'Deposit (%)' }).fill('25');
  await payments.getByRole('button', { name: 'Save Payments' }).click();
  await expect(barber.getByText('Payment settings saved')).toBeVisible();
  await payments.scrollIntoViewIfNeeded();
  await shootBothWidths(barber, 'payments-settings');
  await owner.close();

  // The business's page says so before anyone sends a request.
  await signIn(page, DEMO_CUSTOMER);
  const found = (await (
    await page.request.get(`/api/booking/businesses?q=${encodeURIComponent(BUSINESS_NAME)}`)
  ).json()) as { businesses: { id: string; BusinessName: string }[] };
  await page.goto(`/booking/${found.businesses.find((b) => b.BusinessName === BUSINESS_NAME)!.id}`);
  await expect(page.getByText('A 25% deposit is taken when your booking is agreed.')).toBeVisible();

  // The customer's request is approved: the card asks for £5.00 (25% of £20) by a deadline.
  const { businessId, bookingId, owner: ownerToken, slot } = await approvedBooking(page.request);
  let card = await openCard(page, 'Approved', slot);
  await expect(card).toContainText(/Pay deposit £5\.00 by /);
  await shootBothWidths(page, 'payments-due-card');

  // Pay opens the TEST checkout, which names the amount and the business.
  await card.getByRole('button', { name: 'Pay £5.00' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('£5.00')).toBeVisible();
  await expect(page.getByText(BUSINESS_NAME)).toBeVisible();
  await shootBothWidths(page, 'payments-test-checkout');
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile\\?booking=${bookingId}$`));
  card = await openCard(page, 'Approved', slot);
  await expect(card).toContainText('Deposit paid: £5.00');
  await expect(card.getByRole('button', { name: /^Pay / })).toHaveCount(0);

  // The receipt is in the outbox.
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER)}`);
      const { messages } = (await outbox.json()) as { messages: { subject: string }[] };
      return messages.some((m) => m.subject === `Receipt: £5.00 deposit to ${BUSINESS_NAME}`);
    })
    .toBe(true);

  // The business cancels: the deposit goes back, and the card says so.
  const cancelled = await page.request.patch('/api/booking/cancel', {
    headers: bearer(ownerToken),
    data: { businessId, bookingId, reason: 'The shop is closed for a family funeral, sorry.' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect
    .poll(async () => {
      const list = await page.request.get('/api/booking/userbookings', {
        headers: bearer(await tokenOf(page.request, DEMO_CUSTOMER)),
      });
      const { requests } = (await list.json()) as { requests: { id: string; PaymentStatus: string }[] };
      return requests.find((b) => b.id === bookingId)?.PaymentStatus;
    })
    .toBe('Refunded');
  card = await openCard(page, 'Cancelled', slot);
  await expect(card).toContainText('Refunded: £5.00');
  await shootBothWidths(page, 'payments-refunded-card');
});
