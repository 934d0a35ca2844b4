import type { Booking } from '@app/domain';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';

/** Test data and setup for the profile feature (test-only). */

export { makeBooking } from '@/testing/bookings';

export const bookingsResponse = (requests: Booking[]) => ({
  requests,
  bookings: requests.filter((booking) => booking.Status === 'Approved' || booking.Status === 'Confirmed'),
});

/** Signs in as a customer and opens /profile with these bookings and profile fields. */
export function renderProfile({
  bookings = [],
  profile = {},
  api = stubFetch(),
  route = '/profile',
}: {
  bookings?: Booking[];
  profile?: Record<string, unknown>;
  api?: FetchStub;
  /** /profile with a query, e.g. '/profile?tab=requested&booking=ID'. */
  route?: string;
} = {}) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User', profile)))
    .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse(bookings)));
  return { api, ...renderApp({ route, session: {} }) };
}
