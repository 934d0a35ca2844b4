import { agreedBookingAhead, bearer, expect, PHONE_CONTEXT as PHONE, signIn, test } from './fixtures';
import { shootBothWidths } from './screenshots';

// Moving an appointment (api-contract §9.4, issue 33 item 1), on phones: the customer proposes a new
// time for an approved booking, the business accepts it, and both see the booking at its new time.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const PASSWORD = 'M0vingDay!';
const SHOP = 'falls@trimtime.test';

test('a customer moves an approved booking, the business accepts, both see the new time', async ({
  page,
  browser,
  request,
}) => {
  const { shop, customer, customerToken, slot, bookingId } = await agreedBookingAhead(
    request,
    SHOP,
    PASSWORD,
  );

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
