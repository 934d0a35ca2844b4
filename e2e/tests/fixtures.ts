import { type APIRequestContext, test as base, expect, type Page, type Response } from '@playwright/test';

export interface OutboxMessage {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest development-outbox email to `to` and returns it. */
export async function readOutbox(request: APIRequestContext, to: string, after?: string | number) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { messages: OutboxMessage[] };
        found = body.messages.find((message) => message.id !== after);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest email to `to` (skipping the message with id `after`). */
export async function readCode(request: APIRequestContext, to: string, after?: string | number) {
  const message = await readOutbox(request, to, after);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  expect(code, `a 6-digit code in "${message.subject}"`).toBeTruthy();
  return { code: code!, id: message.id };
}

export function uniqueEmail(prefix = 'customer') {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Page methods that load a document: each waits for the page to hydrate before a journey acts. */
const LOADING_METHODS = ['goto', 'reload'] as const;

/** Pages whose context runs no JavaScript: nothing hydrates there, so their loads do not wait. */
const pagesWithoutScripts = new WeakSet<Page>();
export const withoutHydration = (page: Page) => {
  pagesWithoutScripts.add(page);
  return page;
};

/**
 * The server renders every page before its script runs: a tap on a button before the page has
 * hydrated would do nothing. Every journey's loads (of its own page and of pages it opens with
 * browser.newPage) wait for the app's mark on <html> (apps/web/app/root.tsx) when they load a page
 * of the app; a file or an API answer is returned as it is. The mark means hydrated, not that the
 * tab's session has been read: that comes in the transition after (src/lib/use-is-hydrated.ts), so
 * a check of signed-in parts waits for them (a locator), never reads the page at once.
 */
function waitForHydrationOnEveryLoad(page: Page) {
  const prototype = Object.getPrototypeOf(page) as Record<string, unknown>;
  if (prototype.__waitsForHydration) return;
  prototype.__waitsForHydration = true;
  for (const name of LOADING_METHODS) {
    const load = prototype[name] as (this: Page, ...args: unknown[]) => Promise<Response | null>;
    prototype[name] = async function (this: Page, ...args: unknown[]) {
      const response = await load.apply(this, args);
      const isPage = response?.headers()['content-type']?.startsWith('text/html') && response.status() < 500;
      if (isPage && !pagesWithoutScripts.has(this)) {
        await this.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
  }
}

export const test = base.extend<object, { hydratedLoads: undefined }>({
  hydratedLoads: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      waitForHydrationOnEveryLoad(page);
      await page.close();
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'Demo123!';
export const DEMO_CUSTOMER = 'customer@trimtime.test';
/** A demo business with requests in every Manage Requests list (apps/api/src/db/seed.ts). */
export const DEMO_BUSINESS = 'belfast@trimtime.test';

/** Signs in through the login form and waits for the landing page. */
/** An access token for the account, through the API (journeys that set the scene by API). */
export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** A second person's phone in a journey (browser.newContext): the app's locale, zone and a 375 px screen. */
export const PHONE_CONTEXT = {
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function signIn(page: import('@playwright/test').Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Registers and confirms a customer through the API; returns the email. */
export async function createCustomer(request: APIRequestContext, password: string, prefix = 'customer') {
  const email = uniqueEmail(prefix);
  const register = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      firstName: 'Niamh',
      lastName: 'Quinn',
      address: '22 Bridge Street, Lisburn, BT28 1XZ',
      birthdate: '1992-03-04',
      phoneNumber: '+447700900456',
      userType: 'User',
    },
  });
  expect(register.status()).toBe(201);
  const { code } = await readCode(request, email);
  const confirm = await request.post('/api/auth/confirm-signup', { data: { username: email, code } });
  expect(confirm.status()).toBe(200);
  return email;
}

/** From the profile's Settings tab through the first two deletion dialogs to 'Confirm Account Deletion'. */
export async function openAccountDeletion(page: import('@playwright/test').Page) {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Account' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page
    .getByRole('dialog', { name: 'Final Warning' })
    .getByRole('button', { name: 'I Understand' })
    .click();
}

/**
 * From the businesses list, searched for `businessName` (the list comes a page at a time), opens
 * the wizard of the card that shows it.
 */
export async function openBusiness(page: import('@playwright/test').Page, businessName: string) {
  await page.goto(`/businesses?q=${encodeURIComponent(businessName)}`);
  await expect(page.getByRole('heading', { name: 'Available Barbers' })).toBeVisible();
  await page
    .getByRole('article')
    .filter({ hasText: businessName })
    .getByRole('link', { name: 'Request Now' })
    .click();
  // A shop with a menu or a team starts with the service (api-contract §9.3): its first, with anyone.
  const service = page.getByRole('heading', { level: 2, name: 'Service' });
  const dateTime = page.getByRole('heading', { name: 'Date & Time' });
  await expect(service.or(dateTime)).toBeVisible();
  if (await service.isVisible()) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(dateTime).toBeVisible();
}

/** Picks the first free hour offered; the wizard moves on to the price step by itself. */
export async function pickFirstFreeHour(page: import('@playwright/test').Page) {
  const hour = page
    .getByRole('group', { name: /^Times on / })
    .getByRole('button')
    .first();
  const label = (await hour.textContent())?.trim() ?? '';
  await hour.click();
  await expect(page.getByRole('heading', { name: 'Price' })).toBeVisible();
  return label;
}

/**
 * A new customer's booking at a demo shop, agreed by the shop, at its first free time at least three
 * days ahead (past any notice to cancel or move), through the API: what the moves and waiting-list
 * journeys start from.
 */
export async function agreedBookingAhead(request: APIRequestContext, shopEmail: string, password: string) {
  const shopToken = await tokenOf(request, shopEmail);
  const shop = (await (
    await request.get('/api/user/userdetails', { headers: bearer(shopToken) })
  ).json()) as {
    id: string;
    BusinessName: string;
    minimumPrice: number;
  };
  const customer = await createCustomer(request, password, 'booker');
  const customerToken = await tokenOf(request, customer, password);
  const { slots } = (await (
    await request.get(`/api/booking/available-times?businessId=${shop.id}`)
  ).json()) as {
    slots: string[];
  };
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
  return { shop, customer, customerToken, slot, bookingId };
}
