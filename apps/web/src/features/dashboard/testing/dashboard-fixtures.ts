import type { AwayDate, Booking, UserType } from '@app/domain';
import { vi } from 'vitest';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { getBusinessBookings } from '../api/get-business-bookings';
import type { setBookingStatus } from '../api/update-booking';

/** Test data and setup for the business dashboard (test-only). */

export { makeBooking } from '@/testing/bookings';

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

/** GET /booking/getallbookings, typed as the web reads it. */
export const businessBookings = (bookings: Booking[]): Awaited<ReturnType<typeof getBusinessBookings>> => ({
  bookings,
});

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
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, businessDetails(userType, profile)))
    .on('GET', '/api/booking/getallbookings', jsonResponse(200, businessBookings(bookings)));
  return {
    api,
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
