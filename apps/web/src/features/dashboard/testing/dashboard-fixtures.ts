import { type AwayDate, BOOKING_STATUSES, type Booking, type UserType } from '@app/domain';
import { vi } from 'vitest';
import { type FetchStub, jsonResponse, type RecordedCall, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { getBusinessBookings } from '../api/get-business-bookings';
import type { setBookingStatus } from '../api/update-booking';

/** Test data and setup for the business dashboard (test-only). */

export { makeBooking } from '@/testing/bookings';

/** Two services of a shop's menu (api-contract §9.3), Skin fade first. */
export const FADE = {
  id: 'fade',
  name: 'Skin fade',
  durationMinutes: 30,
  minimumPrice: 20,
  description: null,
};
export const BEARD = {
  id: 'beard',
  name: 'Beard trim',
  durationMinutes: 15,
  minimumPrice: 10,
  description: null,
};

/**
 * Configuration's catalog reads: the menu (each of `menus` answered once, in order, the last one
 * from then on), one barber doing both services, starts every 15 minutes, and `blocks`.
 */
export function stubCatalog(
  api: FetchStub,
  { menus = [[FADE, BEARD]], blocks = [] }: { menus?: object[][]; blocks?: object[] } = {},
): FetchStub {
  for (const services of menus) api.on('GET', '/api/user/services', jsonResponse(200, { services }));
  return api
    .on(
      'GET',
      '/api/user/team',
      jsonResponse(200, {
        team: [{ id: 'conor', name: 'Conor', serviceIds: ['fade', 'beard'], availability: null }],
      }),
    )
    .on('GET', '/api/user/booking-settings', jsonResponse(200, { slotStepMinutes: 15 }))
    .on('GET', '/api/user/blocks', jsonResponse(200, { blocks }));
}

/** GET /user/userdetails of a business (api-contract §3), with the business fields. */
export function businessDetails(userType: UserType = 'Business', overrides: Record<string, unknown> = {}) {
  return userDetails(userType, {
    id: 'business-1',
    FirstName: 'Ciaran',
    LastName: 'Kelly',
    Email: 'ciaran@fadefactory.test',
    PhoneNumber: '+447700900123',
    Address: '1 Main Street, Belfast, BT1 1AA',
    BusinessName: 'Fade Factory',
    BusinessAddress: '12 Castle Street\nBelfast, BT1 1AA',
    BusinessDescription: 'Skin fades and beard trims.',
    minimumPrice: 20,
    homeVisitsEnabled: false,
    availability: { Monday: [{ start: '09:00', end: '17:00' }] },
    awayDates: [],
    cancellationNoticeHours: 0,
    showFullAddress: true,
    PendingEmail: null,
    ...overrides,
  });
}

export function makeAwayDate(overrides: Partial<AwayDate> = {}): AwayDate {
  return {
    id: '6f1c2a4e-8d3b-4c59-9e21-5a7b0c3d4e5f',
    startDate: '2026-12-24',
    endDate: '2026-12-27',
    reason: 'Christmas',
    createdAt: 1_780_000_000_000,
    status: 'active',
    ...overrides,
  };
}

type BusinessBookingsPage = Awaited<ReturnType<typeof getBusinessBookings>>;

/** GET /booking/getallbookings's answer (one last page), typed as the web reads it. */
export const businessBookings = (
  bookings: Booking[],
  nextCursor: string | null = null,
): BusinessBookingsPage => ({
  bookings,
  nextCursor,
});

/**
 * A fake of GET /booking/getallbookings over a business's bookings, read as the API reads its query
 * (api-contract §8.5): `status`, `from`/`to` (inclusive days; then by BookingDateTime, earliest
 * first, else newest first by CreatedAt then id), `limit` and `cursor` (here a plain offset).
 * `set` changes the bookings, as a mutation would on the server.
 */
export function businessBookingsApi(initial: Booking[]) {
  let bookings = initial;
  const respond = (call: RecordedCall) => {
    const query = call.query;
    const statuses = query.get('status')?.split(',') ?? [...BOOKING_STATUSES];
    const from = query.get('from');
    const to = query.get('to');
    const byStart = from !== null || to !== null;
    const matching = bookings
      .filter((booking) => statuses.includes(booking.Status))
      .filter((booking) => from === null || booking.BookingDateTime.slice(0, 10) >= from)
      .filter((booking) => to === null || booking.BookingDateTime.slice(0, 10) <= to)
      .sort((a, b) =>
        byStart
          ? a.BookingDateTime.localeCompare(b.BookingDateTime) || a.id.localeCompare(b.id)
          : b.CreatedAt.localeCompare(a.CreatedAt) || b.id.localeCompare(a.id),
      );
    const limit = Number(query.get('limit') ?? 1000);
    const offset = Number(query.get('cursor') ?? 0);
    const end = offset + limit;
    return jsonResponse(
      200,
      businessBookings(matching.slice(offset, end), end < matching.length ? String(end) : null),
    );
  };
  return {
    respond,
    set(next: Booking[]) {
      bookings = next;
    },
  };
}

/** The dashboard's getallbookings calls, by what they asked for (e.g. 'status=Requested,Countered&limit=16'). */
export const bookingListCalls = (api: FetchStub) =>
  api.callsTo('GET', '/api/booking/getallbookings').map((call) => decodeURIComponent(call.query.toString()));

/** The answer of the business's PATCH /booking/setstatus or /counter: the changed booking. */
export const bookingChanged = (
  message: string,
  booking: Booking,
): Awaited<ReturnType<typeof setBookingStatus>> => ({ message, booking });

/** Signs in as a business (or Admin) and opens the dashboard with this profile and these bookings. */
export function renderDashboard({
  userType = 'Business',
  profile = {},
  bookings = [],
  api = stubFetch(),
  route = '/admin',
}: {
  userType?: UserType;
  profile?: Record<string, unknown>;
  bookings?: Booking[];
  api?: FetchStub;
  route?: string;
} = {}) {
  const server = businessBookingsApi(bookings);
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, businessDetails(userType, profile)))
    .on('GET', '/api/booking/getallbookings', server.respond);
  return {
    api,
    /** The fake getallbookings: `server.set(bookings)` changes what the next reads see. */
    server,
    ...renderApp({ route, session: { accessToken: makeAccessToken({ sub: 'business-1', userType }) } }),
  };
}

/** Fixes the browser's calendar day (timers stay real, so Testing Library still waits normally). */
export function fixToday(isoInstant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(isoInstant));
}

/** The dashboard's chunk (and the dates library) loads lazily: the first render can take a while. */
export const FIRST_RENDER = { timeout: 5000 };

/** Manage Requests' lists render whole: nothing to wait for once they are on the page. */
export async function requestListsComplete() {}
