import type { Booking, UserType } from '@app/domain';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { cancelBooking } from '../api/cancel-booking';
import type { getNotificationSettings } from '../api/get-notification-settings';
import type { getUserBookings } from '../api/get-user-bookings';

/** Test data and setup for the profile feature (test-only). */

export { makeBooking } from '@/testing/bookings';

/** GET /booking/userbookings, typed as the web reads it, so a stub cannot drift from the contract. */
export const bookingsResponse = (requests: Booking[]): Awaited<ReturnType<typeof getUserBookings>> => ({
  requests,
  bookings: requests.filter((booking) => booking.Status === 'Approved' || booking.Status === 'Confirmed'),
});

/** The answer of a customer's PATCH /booking/setstatus or /respond-to-counter: the changed booking. */
export const bookingChanged = (
  message: string,
  booking: Booking,
): Awaited<ReturnType<typeof cancelBooking>> => ({ message, booking });

/** GET (and PUT) /user/notification-settings, typed as the web reads it; the API's defaults unless overridden. */
export const notificationSettingsResponse = (
  overrides: Partial<Awaited<ReturnType<typeof getNotificationSettings>>> = {},
): Awaited<ReturnType<typeof getNotificationSettings>> => ({
  bookingUpdates: true,
  reminders: true,
  messages: true,
  marketing: false,
  ...overrides,
});

/** Signs in as a customer and opens /profile with these bookings and profile fields. */
export function renderProfile({
  bookings = [],
  profile = {},
  notificationSettings = notificationSettingsResponse(),
  api = stubFetch(),
  route = '/profile',
  userType = 'User',
}: {
  bookings?: Booking[];
  profile?: Record<string, unknown>;
  notificationSettings?: Awaited<ReturnType<typeof getNotificationSettings>>;
  api?: FetchStub;
  /** /profile with a query, e.g. '/profile?tab=requested&booking=ID'. */
  route?: string;
  /** Whose account it is (its access token claims the same): a customer unless said. */
  userType?: UserType;
} = {}) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType, profile)))
    .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse(bookings)))
    .on('GET', '/api/user/notification-settings', jsonResponse(200, notificationSettings));
  return { api, ...renderApp({ route, session: { accessToken: makeAccessToken({ userType }) } }) };
}
