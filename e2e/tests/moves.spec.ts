import { bearer, createCustomer, expect, signIn, test, tokenOf } from './fixtures';
import { shootBothWidths } from './screenshots';

// Moving an appointment (api-contract §9.4, issue 33 item 1), on phones: the customer proposes a new
// time for an approved booking, the business accepts it, and both see the booking at its new time.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const PASSWORD = 'M0vingDay!';
const SHOP = 'falls@trimtime.test';
const PHONE = {
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};

test('a customer moves an approved booking, the business accepts, both see the new time', async ({
  page,
  browser,
  request,
}) => {
  const shopToken = await tokenOf(request, SHOP);
  const shop = (await (
    await request.get('/api/user/userdetails', { headers: bearer(shopToken) })
  ).json()) as {
    id: string;
    BusinessName: string;
    minimumPrice: number;
  };
  const customer = await createCustomer(request, PASSWORD, 'mover');
  const customerToken = await tokenOf(request, customer, PASSWORD);
  const { slots } = (await (
    await request.get(`/api/booking/available-times?businessId=${shop.id}`)
  ).json()) as {
    slots: string[];
  };
  // Past any notice to cancel or move: at least three days ahead.
  const soonest = new Date(Date.now() + 3 * 24 * 3600_000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/London',
  });
  const slot = slots.find((candidate) => candidate.slice(0, 10) >= soonest)!;
  const booked = await request.post('/api/booking/book', {
    headers: bearer(customerToken),
    data: {
      businessId: shop.id,
      bookingDateTime: slot,
      price: String(shop.minimumPrice),
      isHomeVisit: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
  const approved = await request.patch('/api/booking/setstatus', {
    headers: bearer(shopToken),
    data: { businessId: shop.id, bookingId, status: 'Approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The customer proposes the first other time the dialog offers.
  await signIn(page, customer, PASSWORD);
  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Approved \(\d+\)$/ }).click();
  const card = page.getByRole('article', { name: new RegExp(`^${shop.BusinessName}, `) });
  await card.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move this booking' });
  const time = dialog.getByRole('combobox', { name: 'Time' });
  await expect(time).toBeVisible();
  const day = await dialog.getByRole('combobox', { name: 'Day' }).inputValue();
  const chosen = `${day} ${await time.inputValue()}`;
  expect(chosen).not.toBe(slot);
  await shootBothWidths(page, 'move-dialog');
  await dialog.getByRole('button', { name: 'Propose New Time' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Waiting for the business to answer.')).toBeVisible();

  // The business accepts on its phone.
  const context = await browser.newContext(PHONE);
  const owner = await context.newPage();
  await signIn(owner, SHOP);
  await owner.goto('/admin');
  const proposal = owner.getByRole('group', { name: 'New time proposed' }).first();
  await expect(proposal).toBeVisible();
  await proposal.getByRole('button', { name: 'Accept New Time' }).click();
  await expect(owner.getByText('Booking moved')).toBeVisible();
  await context.close();

  // Both see the new time: the customer's card says where it moved from.
  const moved = (await (
    await request.get('/api/booking/userbookings', { headers: bearer(customerToken) })
  ).json()) as {
    requests: { id: string; BookingDateTime: string; RescheduledFrom: string | null }[];
  };
  expect(moved.requests.find((one) => one.id === bookingId)).toMatchObject({
    BookingDateTime: chosen,
    RescheduledFrom: slot,
  });
  await page.reload();
  await page.getByRole('tab', { name: /^Approved \(\d+\)$/ }).click();
  await expect(card.getByText(/^Moved from /)).toBeVisible();
  await shootBothWidths(page, 'move-done');
});
