import type { APIRequestContext } from '@playwright/test';
import { DEMO_CUSTOMER, expect, signIn, test, tokenOf } from './fixtures';
import { shootBothWidths } from './screenshots';

// Issue 29, item 1: away dates over an agreed booking, on a demo business no other journey uses.
const BUSINESS_EMAIL = 'omagh@trimtime.test';
const BUSINESS_NAME = 'Strule Grooming Lounge';
const CUSTOMER_NAME = 'Aisling Burns';
const REASON = 'Family wedding in Donegal, so the shop is shut that day. Sorry!';

/** The customer requests an hour three or more days ahead and the business approves it (API). */
async function approvedBooking(request: APIRequestContext) {
  const { businesses } = (await (
    await request.get(`/api/booking/businesses?q=${encodeURIComponent(BUSINESS_NAME)}`)
  ).json()) as { businesses: { id: string; BusinessName: string; minimumPrice: number }[] };
  const business = businesses.find((b) => b.BusinessName === BUSINESS_NAME)!;
  const { slots } = (await (
    await request.get(`/api/booking/available-times?businessId=${business.id}`)
  ).json()) as { slots: string[] };
  const threeDaysOn = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
  const slot = slots.find((s) => s.slice(0, 10) > threeDaysOn);
  expect(slot, 'a free hour after the next three days').toBeTruthy();
  const customer = await tokenOf(request, DEMO_CUSTOMER);
  const owner = await tokenOf(request, BUSINESS_EMAIL);
  const booked = await request.post('/api/booking/book', {
    headers: { Authorization: `Bearer ${customer}` },
    data: { businessId: business.id, bookingDateTime: slot, price: business.minimumPrice },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string } };
  const approved = await request.patch('/api/booking/setstatus', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { businessId: business.id, bookingId: booking.id, status: 'Approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { slot: slot!, bookingId: booking.id };
}

test('away dates over an approved booking list it first; the business cancels it with a reason and the customer is emailed', async ({
  page,
}) => {
  test.slow();
  const { slot } = await approvedBooking(page.request);
  // The date picker's name for the day: '7 December 2026'.
  const dayLabel = new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  await signIn(page, BUSINESS_EMAIL);
  await page.goto('/admin?tab=configuration');
  const away = page.getByRole('region', { name: 'Away Dates' });
  // One day: the same day twice.
  await away.getByRole('button', { name: dayLabel, exact: true }).click();
  await away.getByRole('button', { name: dayLabel, exact: true }).click();
  await away.getByRole('textbox', { name: 'Reason (optional)' }).fill('Family wedding');
  await away.getByRole('button', { name: 'Add Away Dates' }).click();

  // The agreed booking is listed before anything is saved.
  const dialog = page.getByRole('dialog', { name: /^These away dates fall on \d+ agreed bookings?$/ });
  await expect(dialog).toBeVisible();
  const listed = dialog.getByRole('list', { name: 'Agreed bookings' }).getByRole('listitem');
  await expect(listed.filter({ hasText: CUSTOMER_NAME }).filter({ hasText: slot.slice(11, 16) })).toHaveCount(
    1,
  );
  await shootBothWidths(page, 'away-over-bookings-dialog');

  await dialog.getByRole('radio', { name: /^Cancel (it|them)/ }).check();
  await dialog.getByRole('button', { name: /^Cancel Bookings? and Save$/ }).click();
  await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Reason for cancelling/ }).fill(REASON);
  await shootBothWidths(page, 'away-over-bookings-reason');
  await dialog.getByRole('button', { name: /^Cancel Bookings? and Save$/ }).click();
  await expect(page.getByText('Away dates added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(away.getByRole('list', { name: 'Your away dates' })).toContainText('Family wedding');

  // The customer is told, with the reason.
  await expect
    .poll(async () => {
      const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER)}`);
      const { messages } = (await outbox.json()) as { messages: { subject: string; text: string }[] };
      return messages.some(
        (m) =>
          m.subject === `${BUSINESS_NAME} cancelled your appointment` && m.text.includes(`Reason: ${REASON}`),
      );
    })
    .toBe(true);

  // The day is closed to new requests, and the booking reads as cancelled by the business.
  await page.goto('/admin');
  const cancelled = page
    .getByRole('region', { name: /^Denied/ })
    .getByRole('article', { name: new RegExp(`^${CUSTOMER_NAME}, .*${slot.slice(11, 16)}$`) });
  await expect(cancelled.first()).toContainText('You cancelled this booking');
  await expect(cancelled.first()).toContainText(REASON);
});
