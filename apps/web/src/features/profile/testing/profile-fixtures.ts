import type { Booking, BookingStatus } from '@app/domain';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';

/** Test data and setup for the profile feature (test-only). */

let nextId = 1;

/** A booking as the API returns it (api-contract §4); only what a test cares about needs saying. */
export function makeBooking(overrides: Partial<Booking> & { Status?: BookingStatus } = {}): Booking {
  const id = overrides.id ?? `booking-${nextId++}`;
  const businessId = overrides.businessId ?? overrides.BusinessID ?? 'business-1';
  return {
    id,
    bookingId: id,
    BusinessID: businessId,
    businessId,
    CustomerID: 'user-1',
    Status: 'Requested',
    BookingDateTime: '2026-12-05 10:00',
    Price: 50,
    OriginalPrice: null,
    CounterPrice: null,
    FinalPrice: null,
    IsHomeVisit: false,
    CustomerAddress: null,
    customerName: 'Aoife Byrne',
    customerEmail: 'aoife@example.com',
    customerPhone: '+447123456789',
    barberName: 'Ciaran Kelly',
    BusinessName: 'Fade Factory',
    CreatedAt: '2026-11-01T09:00:00.000Z',
    UpdatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export const bookingsResponse = (requests: Booking[]) => ({
  requests,
  bookings: requests.filter((booking) => booking.Status === 'Approved' || booking.Status === 'Confirmed'),
});

/** Signs in as a customer and opens /profile with these bookings and profile fields. */
export function renderProfile({
  bookings = [],
  profile = {},
  api = stubFetch(),
}: {
  bookings?: Booking[];
  profile?: Record<string, unknown>;
  api?: FetchStub;
} = {}) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User', profile)))
    .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse(bookings)));
  return { api, ...renderApp({ route: '/profile', session: {} }) };
}
