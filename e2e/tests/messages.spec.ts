import type { APIRequestContext, Browser } from '@playwright/test';
import { createCustomer, DEMO_PASSWORD, expect, signIn, test, tokenOf } from './fixtures';
import { shootBothWidths } from './screenshots';

// Messages about a booking (api-contract §8.8), live between two browsers on phones, with a demo
// business no other journey books.
const BUSINESS_EMAIL = 'armagh@trimtime.test';
const BUSINESS_NAME = 'Orchard County Barbers';
const PASSWORD = 'Passw0rd!';
const QUESTION = 'Can you do £16 if I come at 9? <b>thanks</b>';
const ANSWER = 'We open at 9, so yes! See you then.';
const PHONE = { width: 375, height: 812 };

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-05 10:00' → 'Sat 5 Dec 2026, 10:00', as the cards name themselves. */
function cardTime(slot: string) {
  const [year, month, day] = slot.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}, ${slot.slice(11, 16)}`;
}

/** A new customer's request for the shop's third free hour, through the API. */
async function requestAnHour(request: APIRequestContext) {
  const email = await createCustomer(request, PASSWORD, 'asker');
  const { businesses } = (await (
    await request.get(`/api/booking/businesses?q=${encodeURIComponent(BUSINESS_NAME)}`)
  ).json()) as { businesses: { id: string; BusinessName: string; minimumPrice: number }[] };
  const business = businesses.find((b) => b.BusinessName === BUSINESS_NAME)!;
  const { slots } = (await (
    await request.get(`/api/booking/available-times?businessId=${business.id}`)
  ).json()) as { slots: string[] };
  const token = await tokenOf(request, email, PASSWORD);
  const slot = slots[2] as string;
  const booked = await request.post('/api/booking/book', {
    headers: { Authorization: `Bearer ${token}` },
    data: { businessId: business.id, bookingDateTime: slot, price: business.minimumPrice },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { email, slot };
}

async function phone(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

test('a customer asks about a request, the business sees it live and answers, the reply arrives live and the badge clears; the counter offer shows in the thread, at 375 px', async ({
  browser,
  request,
}) => {
  const { email, slot } = await requestAnHour(request);
  const customer = await phone(browser, email, PASSWORD);
  const shop = await phone(browser, BUSINESS_EMAIL, DEMO_PASSWORD);

  // The business has its dashboard open before the question is asked.
  await shop.page.goto('/admin');
  // A person at work touches the page: the live stream opens on engagement (or once idle).
  await shop.page.getByRole('heading', { name: 'Business Dashboard' }).click();
  const pending = shop.page.getByRole('region', { name: /^Pending/ });
  const shopCard = pending.getByRole('article').filter({ hasText: cardTime(slot) });
  await expect(shopCard).toBeVisible();

  // The customer opens the request's thread: the request is its first line, and asks a question.
  await customer.page.goto('/profile');
  await customer.page.getByRole('tab', { name: /^Requested \(\d+\)$/ }).click();
  await customer.page
    .getByRole('button', { name: /^Messages/ })
    .first()
    .click();
  const thread = customer.page.getByRole('dialog', { name: `Messages with ${BUSINESS_NAME}` });
  await expect(thread.getByRole('log', { name: 'Conversation' })).toContainText('Booking requested: £14');
  await thread.getByLabel('Your message').fill(QUESTION);
  await thread.getByRole('button', { name: 'Send' }).click();
  // Shown as typed: the markup is text, never rendered.
  await expect(thread.getByRole('log', { name: 'Conversation' })).toContainText(QUESTION);
  await shootBothWidths(customer.page, 'messages-customer-thread');

  // Live on the business's phone: the card's Messages button counts one unread, without a reload.
  await expect(shopCard.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible({ timeout: 10_000 });
  await shopCard.getByRole('button', { name: 'Messages, 1 unread' }).click();
  const shopThread = shop.page.getByRole('dialog', { name: /^Messages with / });
  await expect(shopThread.getByRole('log', { name: 'Conversation' })).toContainText(QUESTION);
  await shopThread.getByLabel('Your message').fill(ANSWER);
  await shopThread.getByRole('button', { name: 'Send' }).click();
  await expect(shopThread.getByRole('log', { name: 'Conversation' })).toContainText(ANSWER);
  await shootBothWidths(shop.page, 'messages-business-thread');
  await shop.page.keyboard.press('Escape');
  await expect(shopCard.getByRole('button', { name: 'Messages' })).toBeVisible();

  // The reply arrives live in the customer's open thread; closing it leaves no unread badge.
  await expect(thread.getByRole('log', { name: 'Conversation' })).toContainText(ANSWER, { timeout: 10_000 });
  await customer.page.keyboard.press('Escape');
  await expect(customer.page.getByRole('button', { name: /^Messages, \d+ unread$/ })).toHaveCount(0);

  // The business counters at £18: the counter offer shows in the thread with its price.
  await shopCard.getByRole('button', { name: 'Counter' }).click();
  const counter = shop.page.getByRole('dialog', { name: 'Counter Offer' });
  await counter.getByLabel('Counter price (£)').fill('18');
  await counter.getByRole('button', { name: 'Send Counter Offer' }).click();
  await customer.page.getByRole('tab', { name: /^Counter Offers \(\d+\)$/ }).click();
  await customer.page
    .getByRole('button', { name: /^Messages/ })
    .first()
    .click();
  await expect(thread.getByRole('log', { name: 'Conversation' })).toContainText('Counter offer: £18', {
    timeout: 10_000,
  });

  await customer.context.close();
  await shop.context.close();
});
