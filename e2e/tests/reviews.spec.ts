import type { APIRequestContext, Browser } from '@playwright/test';
import {
  createCustomer,
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  expect,
  type OutboxMessage,
  signIn,
  test,
} from './fixtures';
import { shootBothWidths } from './screenshots';

// Verified reviews (api-contract §8.6): the demo customer reviews the visit the demo data leaves
// her to review (Lisburn Road Hair & Beauty, a few days ago), the business replies from its
// dashboard, another customer reports the review and the Admin hides it.
const BUSINESS_EMAIL = 'malone@trimtime.test';
const BUSINESS_NAME = 'Lisburn Road Hair & Beauty';
const ADMIN_EMAIL = 'admin@trimtime.test';
const AUTHOR = 'Aisling B.';
const PHONE = { width: 375, height: 812 };

interface Rating {
  average: number | null;
  count: number;
}

async function businessOnList(request: APIRequestContext) {
  const response = await request.get(`/api/booking/businesses?q=${encodeURIComponent('Lisburn Road Hair')}`);
  const { businesses } = (await response.json()) as {
    businesses: { id: string; BusinessName: string; rating: Rating }[];
  };
  const business = businesses.find((b) => b.BusinessName === BUSINESS_NAME);
  expect(business, `${BUSINESS_NAME} on the list`).toBeTruthy();
  return business!;
}

async function phone(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

/** '★ 4.6 (7)' as the card shows a rating from 3 reviews, or its count below. */
function cardRating(rating: Rating) {
  return rating.average === null ? null : `${rating.average.toFixed(1)} (${rating.count})`;
}

test('the demo customer reviews her past appointment, the business replies, the rating moves on the card, and a reported review is hidden by the Admin', async ({
  browser,
  request,
}) => {
  // Four people in four browsers, each page loaded and hydrated: longer than one journey's minute.
  test.setTimeout(150_000);
  const comment = `Lovely blow-dry, <b>on time</b> ${Date.now()}`;
  const reply = 'Thanks Aisling, see you next time!';
  const before = await businessOnList(request);

  // 1. The customer writes the review from her booking card, with the keyboard, at 375 px.
  const customer = await phone(browser, DEMO_CUSTOMER);
  await customer.page.goto('/profile');
  await customer.page.getByRole('tab', { name: /^Past \(\d+\)$/ }).click();
  const action = customer.page
    .getByRole('article')
    .filter({ hasText: BUSINESS_NAME })
    .getByRole('button', { name: /^(Write a review|Edit your review)$/ })
    .first();
  await expect(action).toBeVisible();
  const isFirstTry = (await action.textContent())?.includes('Write') ?? false;
  await action.click();
  const dialog = customer.page.getByRole('dialog', { name: /^(Write a review|Edit your review)$/ });
  await dialog.getByRole('radio', { name: '1 star' }).focus();
  for (let step = 0; step < 3; step += 1) await customer.page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByRole('textbox').fill(comment);
  await dialog.getByRole('button', { name: /^(Publish Review|Save Changes)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(
    customer.page
      .getByRole('tabpanel', { name: /^Past/ })
      .getByRole('article')
      .filter({ hasText: BUSINESS_NAME })
      .getByRole('button', { name: 'Edit your review' })
      .first(),
  ).toBeVisible();

  // The rating on the list counts it at once (the instance that took it empties its read cache).
  const reviewed = await businessOnList(request);
  if (isFirstTry) expect(reviewed.rating.count).toBe(before.rating.count + 1);
  await customer.page.goto('/businesses');
  const card = customer.page.getByRole('article').filter({ hasText: BUSINESS_NAME });
  const shown = cardRating(reviewed.rating);
  if (shown) await expect(card.getByText(shown)).toBeVisible();

  // On the booking page the review reads as typed (markup as text), newest first.
  await customer.page.goto(`/booking/${reviewed.id}`);
  const reviews = customer.page.getByRole('region', { name: 'Reviews', exact: true });
  const mine = reviews.getByRole('article').filter({ hasText: comment });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(AUTHOR)).toBeVisible();
  await expect(reviews.getByRole('link', { name: 'How reviews work' })).toBeVisible();
  await shootBothWidths(customer.page, 'reviews-booking-page');

  // 2. The business replies from its dashboard's Reviews tab.
  const shop = await phone(browser, BUSINESS_EMAIL);
  await shop.page.goto('/admin');
  await shop.page.getByRole('tab', { name: 'Reviews', exact: true }).click();
  const shopCard = shop.page.getByRole('article').filter({ hasText: comment });
  await expect(shopCard).toBeVisible();
  await shopCard.getByRole('button', { name: /^(Reply|Edit reply)$/ }).click();
  await shopCard.getByLabel('Your reply').fill(reply);
  await shopCard.getByRole('button', { name: /^(Post reply|Save reply)$/ }).click();
  await expect(shopCard.getByText(reply)).toBeVisible();
  await shootBothWidths(shop.page, 'reviews-dashboard');

  // The customer sees the reply on the booking page.
  await customer.page.reload();
  await expect(mine.getByText(`Reply from ${BUSINESS_NAME}`)).toBeVisible();
  await expect(mine.getByText(reply)).toBeVisible();

  // 3. Another signed-in customer reports it.
  const reporterPassword = 'Passw0rd!';
  const reporterEmail = await createCustomer(request, reporterPassword, 'reporter');
  const reporter = await phone(browser, reporterEmail, reporterPassword);
  await reporter.page.goto(`/booking/${reviewed.id}`);
  const reported = reporter.page
    .getByRole('region', { name: 'Reviews', exact: true })
    .getByRole('article')
    .filter({ hasText: comment });
  await reported.getByRole('button', { name: `Report the review by ${AUTHOR}` }).click();
  const reportDialog = reporter.page.getByRole('dialog', { name: 'Report this review' });
  await reportDialog.getByLabel('Reason').fill('Not about the appointment');
  await reportDialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(reportDialog).toBeHidden();

  // 4. The Admin hides it with a reason: it leaves the page and the average, and its author is told.
  const admin = await phone(browser, ADMIN_EMAIL);
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Reported Reviews' }).click();
  const flagged = admin.page.getByRole('article').filter({ hasText: comment });
  await expect(flagged).toBeVisible();
  await expect(flagged.getByText('Not about the appointment')).toBeVisible();
  await flagged.getByRole('button', { name: 'Hide' }).click();
  const hideDialog = admin.page.getByRole('dialog', { name: 'Hide this review' });
  await hideDialog.getByLabel('Reason').fill('Personal details in the review');
  await hideDialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(hideDialog).toBeHidden();
  await expect(flagged.getByRole('button', { name: 'Restore' })).toBeVisible();
  await shootBothWidths(admin.page, 'reviews-moderation');

  await customer.page.reload();
  await expect(
    customer.page.getByRole('region', { name: 'Reviews', exact: true }).getByRole('article').first(),
  ).toBeVisible();
  await expect(mine).toHaveCount(0);
  const hidden = await businessOnList(request);
  expect(hidden.rating.count).toBe(reviewed.rating.count - 1);
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO_CUSTOMER)}`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        return (
          messages.find((message) => message.subject === `Your review of ${BUSINESS_NAME} was hidden`)
            ?.text ?? ''
        );
      },
      { timeout: 15_000 },
    )
    .toContain('Personal details in the review');

  for (const party of [customer, shop, reporter, admin]) await party.context.close();
});
