import type { BookingStatus } from '@app/domain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { PASSWORD, registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration } from '../helpers/invites';
import { CUSTOMER_ADDRESS, call, EVERY_DAY } from '../helpers/marketplace';
import {
  ACTORS,
  type ActorName,
  createWorld,
  forEachDatabase,
  type SignedIn,
  type World,
  worldSnapshot,
} from './support';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  method: Method;
  /** The route as Fastify has it (the completeness check compares these with the app's routes). */
  route: string;
  /** What the row does, when one route has several rows (e.g. setstatus Approved / Cancelled). */
  variant?: string;
  /** The URL called, when it differs from the route (a query string, a wildcard). */
  url?: (world: World) => string;
  body?: (world: World, actor: ActorName) => unknown;
  /** Expected status per caller. */
  expect: Record<ActorName, number>;
  /** Extra checks of a successful answer: returns problems. */
  check?: (world: World, actor: ActorName, body: unknown) => string[];
  /** The status a successful call moves the world's booking to. */
  moves?: { booking: 'requested' | 'countered'; to: BookingStatus };
  /** An event stream: its answer is read up to its headers (the stream stays open until the app closes). */
  stream?: true;
}

const everyone = (status: number): Record<ActorName, number> =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Record<ActorName, number>;
const signedIn = (status: number) => ({ ...everyone(status), anonymous: 401 });
/** Business and Admin only (their own settings and lists). */
const BUSINESS_ONLY = { ...signedIn(200), customer: 403, otherCustomer: 403 };
/** Customers only (booking). */
const CUSTOMER_ONLY = { ...signedIn(403), customer: 201, otherCustomer: 201 };
const CUSTOMER_ONLY_200 = { ...signedIn(403), customer: 200, otherCustomer: 200 };
/** The business's move on the customer's Requested booking: a stranger sees 404, the customer 409. */
const BUSINESS_MOVE = {
  anonymous: 401,
  customer: 409,
  otherCustomer: 404,
  business: 200,
  otherBusiness: 404,
  admin: 404,
};
/** The customer's move on its own booking: a stranger sees 404, the business 409. */
const CUSTOMER_MOVE = { ...BUSINESS_MOVE, customer: 200, business: 409 };
/** A booking's thread: its customer and its business answer `status`, anyone else 404 (api-contract §8.8). */
const THREAD_PARTIES = (status: number) => ({
  anonymous: 401,
  customer: status,
  otherCustomer: 404,
  business: status,
  otherBusiness: 404,
  admin: 404,
});

const ref = (world: World, booking: 'requested' | 'countered') => ({
  businessId: world.actors.business.id,
  bookingId: world[booking],
});

/** A review of one's own appointment: its customer answers `status`, everyone else 404. */
const REVIEWER_ONLY = {
  anonymous: 401,
  customer: 200,
  otherCustomer: 404,
  business: 404,
  otherBusiness: 404,
  admin: 404,
};

const isCustomer = (actor: ActorName) => actor === 'customer' || actor === 'otherCustomer';

const idsOf = (list: unknown) => (list as Array<{ id: string }>).map((item) => item.id);

/**
 * ONE table: every route of the API (and the development outbox page) × the six callers.
 * Public routes answer everyone alike; the rest as api-contract §2–§4 say.
 */
const TABLE: Row[] = [
  { method: 'GET', route: '/api/health', expect: everyone(200) },
  // Readiness (api-contract §8.7): no login; 503 only while this process may not take traffic.
  { method: 'GET', route: '/api/ready', expect: everyone(200) },
  { method: 'GET', route: '/api/docs', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/yaml', expect: everyone(200) },
  // The UI's own index redirects to /api/docs/.
  { method: 'GET', route: '/api/docs/static/index.html', expect: everyone(302) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/docs/*',
    url: () => '/api/docs/static/swagger-ui.css',
    expect: everyone(200),
  },
  // The development outbox: on outside production without SMTP (as here); 404 in production (below).
  { method: 'GET', route: '/api/dev/outbox', expect: everyone(200) },
  { method: 'GET', route: '/dev/outbox', expect: everyone(200) },
  {
    method: 'GET',
    route: '/dev/outbox/:id/html',
    url: () => '/dev/outbox/00000000-0000-4000-8000-000000000000/html',
    expect: everyone(404),
  },
  // What crawlers and link previews read (api-contract §9.1): public, the same for everyone.
  { method: 'GET', route: '/sitemap.xml', expect: everyone(200) },
  { method: 'GET', route: '/robots.txt', expect: everyone(200) },
  { method: 'GET', route: '/og-image.png', expect: everyone(200) },

  { method: 'POST', route: '/api/auth/register', body: () => registration(), expect: everyone(201) },
  {
    method: 'POST',
    route: '/api/auth/confirm-signup',
    body: (w) => ({ username: w.actors.customer.email, code: '000000' }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/auth/resend-code',
    body: (w) => ({ username: w.actors.customer.email }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    body: (w) => ({ email: w.actors.otherCustomer.email, password: PASSWORD }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/refresh',
    body: () => ({ refreshToken: 'A'.repeat(43) }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/auth/logout',
    body: () => ({ refreshToken: 'A'.repeat(43) }),
    expect: everyone(204),
  },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    body: (w) => ({ username: w.actors.customer.email }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    body: (w) => ({
      email: w.actors.customer.email,
      confirmationCode: '000000',
      newPassword: 'N3wPassw0rd&',
    }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/auth/send-business-invite',
    body: () => ({ email: uniqueEmail('invitee') }),
    expect: { ...signedIn(403), admin: 201 },
  },
  { method: 'GET', route: '/api/auth/invites', expect: { ...signedIn(403), admin: 200 } },
  {
    method: 'POST',
    route: '/api/auth/invites/:id/resend',
    // An id nobody has: the Admin is told so, everyone else is refused first.
    url: () => '/api/auth/invites/00000000-0000-4000-8000-000000000000/resend',
    expect: { ...signedIn(403), admin: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/auth/invites/:id',
    url: () => '/api/auth/invites/00000000-0000-4000-8000-000000000000',
    expect: { ...signedIn(403), admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/auth/verify-invite',
    body: () => ({ inviteCode: 'A'.repeat(43) }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/auth/register-with-invite',
    body: () => businessRegistration('A'.repeat(43)),
    expect: everyone(404),
  },

  {
    method: 'GET',
    route: '/api/user/userdetails',
    expect: signedIn(200),
    check: (w, actor, body) =>
      (body as { id: string }).id === w.actors[actor as SignedIn].id ? [] : ['another account’s profile'],
  },
  {
    method: 'PUT',
    route: '/api/user/update',
    body: (w, actor) => ({
      FirstName: 'Mallory',
      LastName: 'Hacker',
      Email: actor === 'anonymous' ? uniqueEmail() : w.actors[actor].email,
      PhoneNumber: '+447123456789',
      ...(isCustomer(actor) ? { Address: CUSTOMER_ADDRESS } : {}),
    }),
    expect: signedIn(200),
    check: (w, actor, body) =>
      (body as { id: string }).id === w.actors[actor as SignedIn].id ? [] : ['another account updated'],
  },
  {
    method: 'POST',
    route: '/api/user/verify-email',
    body: () => ({ code: '000000' }),
    expect: signedIn(400),
  },
  {
    method: 'DELETE',
    route: '/api/user/delete-account',
    // The customer and the business have active bookings with each other.
    expect: { ...signedIn(200), customer: 409, business: 409 },
  },
  {
    method: 'PUT',
    route: '/api/user/availability',
    body: () => ({ availability: EVERY_DAY }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/user/minimum-price',
    body: () => ({ minimumPrice: 35 }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/user/cancellation-policy',
    // The default, so the customer's cancellations elsewhere are unchanged.
    body: () => ({ noticeHours: 0 }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/user/business-profile',
    body: () => ({
      BusinessName: 'Access Checked Cuts',
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      BusinessDescription: 'Fades and beards',
      showFullAddress: true,
    }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/user/home-visit',
    body: () => ({ homeVisitsEnabled: false }),
    expect: BUSINESS_ONLY,
  },
  { method: 'PUT', route: '/api/user/away-dates', body: () => ({ awayDates: [] }), expect: BUSINESS_ONLY },
  {
    method: 'POST',
    route: '/api/user/away-dates/check',
    body: () => ({ awayDates: [] }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'POST',
    route: '/api/user/availability/check',
    body: () => ({ availability: EVERY_DAY }),
    expect: BUSINESS_ONLY,
  },
  {
    method: 'POST',
    route: '/api/user/calendar-feed',
    expect: BUSINESS_ONLY,
    check: (_w, _actor, body) =>
      /^http:\/\/localhost:3000\/api\/calendar\/[\w-]{43}\.ics$/.test((body as { url: string }).url)
        ? []
        : ['not a feed URL'],
  },
  {
    method: 'DELETE',
    route: '/api/user/calendar-feed',
    expect: { ...signedIn(204), customer: 403, otherCustomer: 403 },
  },
  // Payments (api-contract §9.2): the business's payout account and what it asks for.
  {
    method: 'POST',
    route: '/api/payments/connect',
    expect: BUSINESS_ONLY,
    check: (_w, _actor, body) =>
      (body as { url: string }).url.startsWith('http://localhost:3000/dev/payments/onboarding/acct_test_')
        ? []
        : ['not an onboarding URL'],
  },
  { method: 'GET', route: '/api/payments/account', expect: BUSINESS_ONLY },
  { method: 'GET', route: '/api/user/payment-settings', expect: BUSINESS_ONLY },
  {
    method: 'PUT',
    route: '/api/user/payment-settings',
    body: () => ({ mode: 'none', depositPercent: 30 }),
    expect: BUSINESS_ONLY,
  },
  // The booking's customer pays: the world's request asks for nothing yet (409), anyone else's 404.
  {
    method: 'POST',
    route: '/api/payments/checkout',
    body: (w) => ({ bookingId: w.requested }),
    expect: {
      anonymous: 401,
      customer: 409,
      otherCustomer: 404,
      business: 404,
      otherBusiness: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    route: '/dev/payments/checkout/:ref',
    url: () => '/dev/payments/checkout/cs_test_unknown',
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/dev/payments/checkout/:ref/pay',
    url: () => '/dev/payments/checkout/cs_test_unknown/pay',
    body: () => ({}),
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/dev/payments/checkout/:ref/cancel',
    url: () => '/dev/payments/checkout/cs_test_unknown/cancel',
    body: () => ({}),
    expect: everyone(404),
  },
  // A shop's services and team (api-contract §9.3): the menu and team are public; changes are the
  // business's own (an id that is none of its own is 404; a body naming none of its services 400).
  {
    method: 'GET',
    route: '/api/booking/services',
    url: (w) => `/api/booking/services?businessId=${w.actors.business.id}`,
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/booking/team',
    url: (w) => `/api/booking/team?businessId=${w.actors.business.id}`,
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/user/services', expect: BUSINESS_ONLY },
  {
    method: 'POST',
    route: '/api/user/services',
    body: () => ({ name: 'Beard trim', durationMinutes: 30, minimumPrice: 12 }),
    expect: { ...BUSINESS_ONLY, business: 201, otherBusiness: 201, admin: 201 },
  },
  {
    method: 'PUT',
    route: '/api/user/services/order',
    body: () => ({ serviceIds: ['not-a-service'] }),
    expect: { ...BUSINESS_ONLY, business: 400, otherBusiness: 400, admin: 400 },
  },
  {
    method: 'PUT',
    route: '/api/user/services/:id',
    url: () => '/api/user/services/not-a-service',
    body: () => ({ name: 'Beard trim', durationMinutes: 30, minimumPrice: 12 }),
    expect: { ...BUSINESS_ONLY, business: 404, otherBusiness: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/user/services/:id',
    url: () => '/api/user/services/not-a-service',
    expect: { ...BUSINESS_ONLY, business: 404, otherBusiness: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/user/team', expect: BUSINESS_ONLY },
  {
    method: 'POST',
    route: '/api/user/team',
    body: () => ({ name: 'Niamh', serviceIds: ['not-a-service'] }),
    expect: { ...BUSINESS_ONLY, business: 400, otherBusiness: 400, admin: 400 },
  },
  {
    method: 'PUT',
    route: '/api/user/team/:id',
    url: () => '/api/user/team/not-a-member',
    body: () => ({ name: 'Niamh', serviceIds: ['not-a-service'] }),
    expect: { ...BUSINESS_ONLY, business: 400, otherBusiness: 400, admin: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/user/team/:id',
    url: () => '/api/user/team/not-a-member',
    expect: { ...BUSINESS_ONLY, business: 404, otherBusiness: 404, admin: 404 },
  },
  // Time blocked on a member's diary, and walk-ins (issue 32 item 6): the business's own.
  { method: 'GET', route: '/api/user/blocks', expect: BUSINESS_ONLY },
  {
    method: 'POST',
    route: '/api/user/blocks',
    body: () => ({ memberId: 'not-a-member', date: '2099-01-01', start: '10:00', end: '11:00' }),
    expect: { ...BUSINESS_ONLY, business: 404, otherBusiness: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/user/blocks/:id',
    url: () => '/api/user/blocks/not-a-block',
    expect: { ...BUSINESS_ONLY, business: 404, otherBusiness: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/user/walk-ins',
    body: () => ({ bookingDateTime: '2001-01-01 10:00', customerName: 'Pat Walsh', price: 20 }),
    expect: { ...BUSINESS_ONLY, business: 400, otherBusiness: 400, admin: 400 },
  },
  { method: 'GET', route: '/api/user/booking-settings', expect: BUSINESS_ONLY },
  {
    method: 'PUT',
    route: '/api/user/booking-settings',
    body: () => ({ slotStepMinutes: 30 }),
    expect: BUSINESS_ONLY,
  },
  // Stripe's events: without Stripe's keys (as here) nothing listens for them.
  {
    method: 'POST',
    route: '/api/payments/webhook',
    body: () => ({ id: 'evt_1', type: 'checkout.session.completed' }),
    expect: everyone(404),
  },
  // The development provider's TEST pages open from their URL alone; an unknown account is 404.
  {
    method: 'GET',
    route: '/dev/payments/onboarding/:accountRef',
    url: () => '/dev/payments/onboarding/acct_test_unknown',
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/dev/payments/onboarding/:accountRef/activate',
    url: () => '/dev/payments/onboarding/acct_test_unknown/activate',
    body: () => ({}),
    expect: everyone(404),
  },
  // The feed URL is its own credential: a guessed token is 404 to everyone (test/calendar).
  {
    method: 'GET',
    route: '/api/calendar/:file',
    url: () => `/api/calendar/${'A'.repeat(43)}.ics`,
    expect: everyone(404),
  },
  // The live events (api-contract §8.8): every signed-in account gets its own stream.
  { method: 'GET', route: '/api/events', expect: signedIn(200), stream: true },
  { method: 'GET', route: '/api/user/notification-settings', expect: signedIn(200) },
  // Moving an appointment (api-contract §9.4): a party's own booking; anyone else's is 404.
  {
    method: 'POST',
    route: '/api/booking/reschedule',
    body: () => ({ bookingId: 'not-a-booking', bookingDateTime: '2099-01-01 10:00' }),
    expect: { ...signedIn(404) },
  },
  {
    method: 'GET',
    route: '/api/booking/reschedule/times',
    url: (w) => `/api/booking/reschedule/times?bookingId=${w.requested}`,
    expect: THREAD_PARTIES(200),
  },
  {
    method: 'PATCH',
    route: '/api/booking/reschedule',
    body: () => ({ proposalId: 'not-a-proposal', response: 'Accepted' }),
    expect: { ...signedIn(404) },
  },
  // The waiting list (api-contract §9.4): a customer's own.
  { method: 'GET', route: '/api/booking/waitlist', expect: CUSTOMER_ONLY_200 },
  {
    method: 'POST',
    route: '/api/booking/waitlist',
    body: () => ({ businessId: 'not-a-business', date: '2001-01-01' }),
    expect: { ...CUSTOMER_ONLY_200, customer: 400, otherCustomer: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/booking/waitlist/:id',
    url: () => '/api/booking/waitlist/not-an-entry',
    expect: { ...CUSTOMER_ONLY_200, customer: 404, otherCustomer: 404 },
  },
  // A person's own data (api-contract §9.4): anyone signed in, their own only.
  { method: 'GET', route: '/api/user/export', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/user/notification-settings',
    // The defaults, so the other rows' emails are unchanged.
    body: () => ({ bookingUpdates: true, reminders: true, messages: true, marketing: false }),
    expect: signedIn(200),
  },

  { method: 'GET', route: '/api/booking/businesses', expect: everyone(200) },
  { method: 'GET', route: '/api/booking/towns', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/booking/available-times',
    url: (w) => `/api/booking/available-times?businessId=${w.actors.business.id}`,
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/booking/export.csv',
    url: () => '/api/booking/export.csv?from=2026-01-01&to=2026-12-31',
    expect: BUSINESS_ONLY,
  },
  {
    method: 'POST',
    route: '/api/booking/book',
    body: (w) => ({ businessId: w.actors.business.id, bookingDateTime: w.freeSlot, price: 30 }),
    expect: CUSTOMER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/booking/userbookings',
    expect: signedIn(200),
    check: (w, actor, body) => {
      const ids = idsOf((body as { requests: unknown }).requests);
      const expected = actor === 'customer' ? [w.countered, w.requested, w.visited, w.reviewed].sort() : [];
      // Requested and Countered are requests only; the two past appointments are agreed.
      const booked = idsOf((body as { bookings: unknown }).bookings);
      const expectedBooked = actor === 'customer' ? [w.visited, w.reviewed].sort() : [];
      return [
        ...(JSON.stringify([...ids].sort()) === JSON.stringify(expected) ? [] : [`lists ${ids.join(',')}`]),
        ...(JSON.stringify([...booked].sort()) === JSON.stringify(expectedBooked)
          ? []
          : [`lists bookings ${booked.join(',')}`]),
      ];
    },
  },
  {
    method: 'GET',
    route: '/api/booking/getallbookings',
    expect: BUSINESS_ONLY,
    check: (w, actor, body) => {
      const ids = idsOf((body as { bookings: unknown }).bookings);
      const expected = actor === 'business' ? [w.countered, w.requested, w.visited, w.reviewed].sort() : [];
      return JSON.stringify([...ids].sort()) === JSON.stringify(expected) ? [] : [`lists ${ids.join(',')}`];
    },
  },
  {
    method: 'PATCH',
    route: '/api/booking/setstatus',
    variant: 'Approved',
    body: (w) => ({ ...ref(w, 'requested'), status: 'Approved' }),
    expect: BUSINESS_MOVE,
    moves: { booking: 'requested', to: 'Approved' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/setstatus',
    variant: 'Denied',
    body: (w) => ({ ...ref(w, 'requested'), status: 'Denied' }),
    expect: BUSINESS_MOVE,
    moves: { booking: 'requested', to: 'Denied' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/setstatus',
    variant: 'Cancelled',
    body: (w) => ({ ...ref(w, 'requested'), status: 'Cancelled' }),
    expect: CUSTOMER_MOVE,
    moves: { booking: 'requested', to: 'Cancelled' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/counter',
    body: (w) => ({ ...ref(w, 'requested'), newPrice: 45 }),
    expect: BUSINESS_MOVE,
    moves: { booking: 'requested', to: 'Countered' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/respond-to-counter',
    variant: 'Accepted',
    body: (w) => ({ ...ref(w, 'countered'), response: 'Accepted' }),
    expect: CUSTOMER_MOVE,
    moves: { booking: 'countered', to: 'Confirmed' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/respond-to-counter',
    variant: 'Declined',
    body: (w) => ({ ...ref(w, 'countered'), response: 'Declined' }),
    expect: CUSTOMER_MOVE,
    moves: { booking: 'countered', to: 'Declined' },
  },
  {
    method: 'PATCH',
    route: '/api/booking/cancel',
    // The world's booking is only Requested: its business reaches the transition check (409),
    // a customer is refused by role (403), any other business sees 404.
    body: (w) => ({ ...ref(w, 'requested'), reason: 'The barber is ill' }),
    expect: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      business: 409,
      otherBusiness: 404,
      admin: 404,
    },
  },
  {
    method: 'PATCH',
    route: '/api/booking/attendance',
    // The world's booking is only Requested: its business reaches the status check (409), a
    // customer is refused by role (403), any other business sees 404.
    body: (w) => ({ bookingId: w.requested, attendance: 'NoShow' }),
    expect: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      business: 409,
      otherBusiness: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    route: '/api/booking/messages',
    url: (w) => `/api/booking/messages?bookingId=${w.requested}`,
    expect: THREAD_PARTIES(200),
    check: (_w, _actor, body) => {
      const { messages, open } = body as { messages: unknown[]; open: boolean };
      return messages.length === 0 && open ? [] : ['not the world booking’s empty, open thread'];
    },
  },
  {
    method: 'POST',
    route: '/api/booking/messages',
    body: (w) => ({ bookingId: w.requested, body: 'Which door is it?' }),
    expect: THREAD_PARTIES(201),
    check: (_w, actor, body) =>
      (body as { from: string }).from === actor ? [] : [`written as ${(body as { from: string }).from}`],
  },
  {
    method: 'POST',
    route: '/api/booking/messages/read',
    // The world's booking has no lines: its parties get past the ownership check to upTo's (400,
    // test/threads has the 204), anyone else is refused before it.
    body: (w) => ({ bookingId: w.requested, upTo: w.countered }),
    expect: THREAD_PARTIES(400),
  },
  // Verified reviews (api-contract §8.6).
  {
    method: 'POST',
    route: '/api/booking/review',
    // Only the booking's customer: anyone else, its business and the Admin too, sees 404.
    body: (w) => ({ bookingId: w.visited, rating: 5, comment: 'Great cut' }),
    expect: { ...REVIEWER_ONLY, customer: 201 },
  },
  {
    method: 'PUT',
    route: '/api/booking/review',
    body: (w) => ({ bookingId: w.reviewed, rating: 3 }),
    expect: REVIEWER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/booking/reviews',
    url: (w) => `/api/booking/reviews?businessId=${w.actors.business.id}`,
    expect: everyone(200),
    check: (w, _actor, body) => {
      const ids = idsOf((body as { reviews: unknown }).reviews);
      return JSON.stringify(ids) === JSON.stringify([w.review]) ? [] : [`lists ${ids.join(',')}`];
    },
  },
  {
    method: 'GET',
    route: '/api/booking/my-reviews',
    expect: signedIn(200),
    check: (w, actor, body) => {
      const ids = idsOf((body as { reviews: unknown }).reviews);
      const expected = actor === 'customer' ? [w.review] : [];
      return JSON.stringify(ids) === JSON.stringify(expected) ? [] : [`lists ${ids.join(',')}`];
    },
  },
  {
    method: 'PUT',
    route: '/api/booking/review-reply',
    // Customers are refused by role; only the reviewed business may reply, any other sees 404.
    body: (w) => ({ reviewId: w.review, reply: 'Thanks for coming in' }),
    expect: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      business: 200,
      otherBusiness: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    route: '/api/booking/review-report',
    body: (w) => ({ reviewId: w.review, reason: 'Looks fake' }),
    expect: signedIn(201),
  },
  { method: 'GET', route: '/api/booking/review-reports', expect: { ...signedIn(403), admin: 200 } },
  {
    method: 'PUT',
    route: '/api/booking/review-moderation',
    body: (w) => ({ reviewId: w.review, hidden: true, reason: 'Not about the appointment' }),
    expect: { ...signedIn(403), admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/booking/unread',
    expect: signedIn(200),
    check: (_w, _actor, body) =>
      (body as { total: number }).total === 0 ? [] : ['unread lines in a world with no messages'],
  },
];

const ERROR_CODES: Record<number, string[]> = {
  401: ['NotAuthorized'],
  403: ['Forbidden'],
  404: ['NotFound', 'InviteNotFound'],
  409: ['InvalidTransition', 'ActiveBookings', 'NothingDue'],
};

/**
 * `call` for an event stream: the answer once its headers are sent; an error's body is read whole,
 * a stream's is left open.
 */
async function callStream(...args: Parameters<typeof call>) {
  const [t, method, url, actor, payload] = args;
  const response = await call(t, method, url, actor, payload, { payloadAsStream: true });
  const body = response.stream();
  let text = '';
  if (response.statusCode >= 400) {
    for await (const chunk of body) text += String(chunk);
  } else {
    body.destroy();
  }
  return { statusCode: response.statusCode, headers: response.headers, json: () => JSON.parse(text) };
}

const rowName = (row: Row) => `${row.method} ${row.route}${row.variant ? ` ${row.variant}` : ''}`;

/**
 * The routes of the app, from Fastify's own route tree (`printRoutes`), as `METHOD /path`. HEAD
 * routes are Fastify's automatic copies of the GET routes, so they are left out.
 */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

forEachDatabase((database) => {
  let t: TestApp;
  beforeAll(async () => {
    // Its outbox worker runs: /api/ready answers 200 once the worker's first round has ended.
    t = await createTestApp(database().db, { deps: { outboxWorker: true } });
    // Ready first, as a load balancer waits for it: GET /api/ready answers 503 until the outbox
    // worker's first round has ended, which on a busy 2-core machine outlasted the table's first
    // rows (a 503 to the first caller of /api/ready only).
    await vi.waitFor(async () => expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200), {
      timeout: 20_000,
      interval: 100,
    });
  });
  afterAll(() => t.close());

  it('8.2.1 the access-control table lists every route of the app, and no route that does not exist', async () => {
    const inApp = new Set(routesOf(t.app.printRoutes({ commonPrefix: false })));
    const inTable = new Set(TABLE.map((row) => `${row.method} ${row.route}`));
    expect([...inApp].filter((route) => !inTable.has(route)).sort()).toEqual([]);
    expect([...inTable].filter((route) => !inApp.has(route)).sort()).toEqual([]);
    // Every path the OpenAPI document publishes is a row too.
    const documented = Object.entries(
      (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<string, object>,
    ).flatMap(([path, operations]) =>
      // OpenAPI writes a path parameter as {name}, Fastify as :name.
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((route) => !inTable.has(route))).toEqual([]);
  });

  // Every route six times, with a snapshot of the data around each refusal: longer than most.
  it('8.2.1 8.2.2 every route × {anonymous, customer, other customer, business, other business, admin} answers as the table says, and a refused call changes nothing', async () => {
    const db = database().db;
    const actual: Record<string, Record<ActorName, number>> = {};
    const problems: string[] = [];
    for (const row of TABLE) {
      const statuses = {} as Record<ActorName, number>;
      actual[rowName(row)] = statuses;
      // A world of its own for every call that may write, so no call sees another's changes; reads
      // share one per row.
      const shared = row.method === 'GET' ? await createWorld(t, db) : undefined;
      for (const actor of ACTORS) {
        const world = shared ?? (await createWorld(t, db));
        const cell = `${rowName(row)} as ${actor}`;
        const before = row.expect[actor] >= 400 ? await worldSnapshot(db, world) : undefined;
        const response = await (row.stream ? callStream : call)(
          t,
          row.method,
          row.url?.(world) ?? row.route,
          actor === 'anonymous' ? null : world.actors[actor],
          row.body?.(world, actor),
        );
        await t.app.whenIdle();
        statuses[actor] = response.statusCode;
        if (response.statusCode >= 400) {
          const code = response.json().code;
          const allowed = ERROR_CODES[response.statusCode];
          if (allowed && !allowed.includes(code)) problems.push(`${cell}: code ${code}`);
          if (before !== undefined && (await worldSnapshot(db, world)) !== before)
            problems.push(`${cell}: refused, yet data changed`);
        } else if (row.check && String(response.headers['content-type']).includes('json')) {
          problems.push(...row.check(world, actor, response.json()).map((p) => `${cell}: ${p}`));
        }
        if (row.moves && response.statusCode < 300) {
          const booking = await db
            .selectFrom('bookings')
            .select('status')
            .where('id', '=', world[row.moves.booking])
            .executeTakeFirst();
          if (booking?.status !== row.moves.to) problems.push(`${cell}: booking is ${booking?.status}`);
        }
      }
    }
    expect(actual).toEqual(Object.fromEntries(TABLE.map((row) => [rowName(row), row.expect])));
    expect(problems).toEqual([]);
  }, 90_000);

  it('8.2.2 one party’s success changes only its own booking or account, never the other world’s', async () => {
    const db = database().db;
    const problems: string[] = [];
    // Booking moves, account and business settings, and the Admin's invite.
    const writes = TABLE.filter(
      (r) =>
        r.method !== 'GET' &&
        (r.route.startsWith('/api/booking/') ||
          r.route.startsWith('/api/user/') ||
          r.route === '/api/auth/send-business-invite'),
    );
    for (const row of writes) {
      for (const actor of ACTORS.filter((a) => row.expect[a] < 300 && a !== 'anonymous')) {
        const world = await createWorld(t, db);
        const bystander = await createWorld(t, db);
        const before = await worldSnapshot(db, bystander);
        const response = await call(
          t,
          row.method,
          row.route,
          world.actors[actor as SignedIn],
          row.body?.(world, actor),
        );
        if (response.statusCode >= 300) problems.push(`${rowName(row)} as ${actor}: ${response.statusCode}`);
        if ((await worldSnapshot(db, bystander)) !== before) problems.push(`${rowName(row)} as ${actor}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('8.2.1 9.1.1 every route that needs a login answers 401 NotAuthorized to a malformed or tampered token, and changes nothing', async () => {
    const db = database().db;
    const world = await createWorld(t, db);
    const before = await worldSnapshot(db, world);
    const { token } = world.actors.customer;
    const problems: string[] = [];
    for (const row of TABLE.filter((r) => r.expect.anonymous === 401 && r.expect.customer !== 401)) {
      for (const authorization of ['Bearer nonsense', `Bearer ${token}x`]) {
        const body = row.body?.(world, 'customer');
        const response = await t.app.inject({
          method: row.method,
          url: row.url?.(world) ?? row.route,
          headers: { authorization },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (response.statusCode !== 401 || response.json().code !== 'NotAuthorized')
          problems.push(`${rowName(row)} with ${authorization.slice(0, 16)}…: ${response.statusCode}`);
      }
    }
    await t.app.whenIdle();
    expect(problems).toEqual([]);
    expect(await worldSnapshot(db, world)).toBe(before);
  });

  it('15.3.1 the public business list and booking page show no personal data of the people behind a business', async () => {
    const world = await createWorld(t, database().db);
    // The owner's home address, unlike the shop's, is private.
    await database()
      .db.updateTable('users')
      .set({ address: '7 Home Lane, Lisburn, BT28 1AA' })
      .where('id', '=', world.actors.business.id)
      .execute();
    const row = await database()
      .db.selectFrom('users')
      .selectAll()
      .where('id', '=', world.actors.business.id)
      .executeTakeFirstOrThrow();
    const pages = [
      (await t.app.inject({ url: '/api/booking/businesses' })).body,
      (await t.app.inject({ url: `/api/booking/available-times?businessId=${row.id}` })).body,
    ];
    for (const body of pages) {
      for (const secret of [
        row.email,
        row.phone_number,
        row.address,
        row.password_hash,
        String(row.birthdate),
      ]) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toMatch(/"(Email|PhoneNumber|Address|Birthdate|password\w*)"/i);
    }
    // Customers and unlisted accounts have no public page at all.
    for (const id of [world.actors.customer.id, world.actors.admin.id]) {
      expect((await t.app.inject({ url: `/api/booking/available-times?businessId=${id}` })).statusCode).toBe(
        404,
      );
    }
  });

  it('8.2.1 the development outbox answers 404 to everyone in production', async () => {
    const production = await createTestApp(database().db, {
      config: { isProduction: true, env: 'production' },
    });
    try {
      const world = await createWorld(production, database().db);
      // A message that exists, with an HTML part: its page is not served in production either.
      const sent = await database()
        .db.selectFrom('outbox')
        .select('id')
        .where('html', 'is not', null)
        .executeTakeFirstOrThrow();
      for (const url of ['/api/dev/outbox', '/dev/outbox', `/dev/outbox/${sent.id}/html`]) {
        for (const actor of ACTORS) {
          const response = await call(
            production,
            'GET',
            url,
            actor === 'anonymous' ? null : world.actors[actor],
          );
          expect(response.statusCode, `${url} as ${actor}`).toBe(404);
        }
      }
    } finally {
      await production.close();
    }
  });
});
