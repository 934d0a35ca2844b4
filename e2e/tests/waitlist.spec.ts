import { agreedBookingAhead, bearer, createCustomer, expect, readOutbox, signIn, test } from './fixtures';
import { shootBothWidths } from './screenshots';

// The waiting list (api-contract §9.4, issue 33 item 2), on a phone: a customer asks to hear when a
// time opens on a day at a shop, sees it on the profile, and gets the email when an agreed booking
// that day is cancelled.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const PASSWORD = 'Wa1tingL1st!';
const SHOP = 'lisburn@trimtime.test';

test('a customer waits for a day at a shop and is emailed when a time there opens', async ({
  page,
  request,
}) => {
  // Someone else's agreed booking, at least three days ahead (past any notice to cancel).
  const {
    shop,
    customerToken: bookerToken,
    slot,
    bookingId,
  } = await agreedBookingAhead(request, SHOP, PASSWORD);
  const date = slot.slice(0, 10);

  // The waiting customer, in a phone browser, asks for that day on the shop's page.
  const waiting = await createCustomer(request, PASSWORD, 'waiting');
  await signIn(page, waiting, PASSWORD);
  await page.goto(`/booking/${shop.id}`);
  await expect(page.getByRole('heading', { name: 'Date & Time' })).toBeVisible();
  const wait = page.getByRole('region', { name: 'Day full, or no time that suits?' });
  await wait.getByRole('combobox', { name: 'Day' }).selectOption(date);
  await wait.getByRole('button', { name: 'Tell Me If a Time Opens' }).click();
  await expect(page.getByText(/^We will email you if a time opens on /)).toBeVisible();
  await shootBothWidths(page, 'waitlist-ask');

  await page.goto('/profile');
  const entries = page.getByRole('region', { name: 'Waiting for a Time' });
  await expect(entries.getByRole('link', { name: shop.BusinessName })).toBeVisible();
  await shootBothWidths(page, 'waitlist-profile');

  // The booker cancels: the waiting customer hears of it (the newest email after their code's).
  const codeMail = await readOutbox(request, waiting);
  const cancelled = await request.patch('/api/booking/setstatus', {
    headers: bearer(bookerToken),
    data: { businessId: shop.id, bookingId, status: 'Cancelled' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const mail = await readOutbox(request, waiting, codeMail.id);
  expect(mail.subject).toBe(`A time opened at ${shop.BusinessName}`);

  // Done waiting: Remove takes the day off the profile.
  await entries.getByRole('button', { name: /^Stop waiting for / }).click();
  await expect(entries).toBeHidden();
});
