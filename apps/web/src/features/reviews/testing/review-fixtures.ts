import type { AvailableTimesResponse, Booking, MyReview, Review } from '@app/domain';
import { makeBooking, singleServiceCatalog } from '@/testing/bookings';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import type { getBusinessReviewsPage } from '../api/get-business-reviews';
import type { getMyReviews } from '../api/get-my-reviews';
import type { postReview } from '../api/post-review';

/** Test data and setup for reviews (test-only). */

export { makeBooking };

let nextId = 1;

/** A review as GET /booking/reviews returns it (api-contract §8.6). */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: `review-${nextId++}`,
    rating: 5,
    comment: 'Great fade, on time.',
    authorName: 'Aisling B.',
    visitedOn: '2026-11-12',
    reply: null,
    createdAt: '2026-11-12T15:00:00.000Z',
    ...overrides,
  };
}

/** One of the customer's own reviews (GET /booking/my-reviews). */
export function makeMyReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    ...makeReview(),
    bookingId: 'booking-1',
    editableUntil: '2026-12-19T12:00:00.000Z',
    hidden: false,
    ...overrides,
  };
}

/** One page of GET /booking/reviews, typed as the web reads it. */
export const reviewsPage = (
  reviews: Review[],
  {
    nextCursor = null,
    rating = { average: null, count: reviews.length },
  }: { nextCursor?: string | null; rating?: { average: number | null; count: number } } = {},
): Awaited<ReturnType<typeof getBusinessReviewsPage>> => ({ reviews, nextCursor, rating });

export const myReviewsResponse = (reviews: MyReview[]): Awaited<ReturnType<typeof getMyReviews>> => ({
  reviews,
});

/** POST /booking/review's 201 (and PUT's 200) answer. */
export const reviewSaved = (review: Partial<Review> = {}): Awaited<ReturnType<typeof postReview>> => ({
  review: makeReview(review),
});

/** Signs in as a customer and opens /profile with these bookings. */
export function renderCustomerBookings(bookings: Booking[], api: FetchStub = stubFetch()) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on(
      'GET',
      '/api/booking/userbookings',
      jsonResponse(200, {
        requests: bookings,
        bookings: bookings.filter(
          (booking) => booking.Status === 'Approved' || booking.Status === 'Confirmed',
        ),
      }),
    )
    .on(
      'GET',
      '/api/user/notification-settings',
      jsonResponse(200, { bookingUpdates: true, reminders: true, messages: true, marketing: false }),
    );
  return { api, ...renderApp({ route: '/profile', session: {} }) };
}

/** GET /booking/available-times of a bookable business. */
export const availableTimes = (): AvailableTimesResponse => ({
  business: {
    id: 'biz-1',
    FirstName: 'Ciaran',
    LastName: 'Kelly',
    BusinessName: "Kelly's Cuts",
    BusinessDescription: '',
    BusinessAddress: '2 High Street, Belfast, BT1 2AB',
    BusinessTown: 'Belfast',
    minimumPrice: 20,
    services: ['Appointment'],
    homeVisitsEnabled: false,
    homeVisitDistricts: [],
    cancellationNoticeHours: 0,
    nextAvailable: '2026-12-05 10:00',
    rating: { average: 4.3, count: 12 },
    onlinePayment: null,
    availability: {},
    awayDates: [],
  },
  availability: { Saturday: [{ start: '10:00', end: '11:00' }] },
  awayDates: [],
  slots: ['2026-12-05 10:00'],
  ...singleServiceCatalog(20),
});

/** Signs in as a customer and opens the booking page of biz-1; the test adds the reviews' answers. */
export function renderBookingPage(api: FetchStub = stubFetch()) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()));
  return { api, ...renderApp({ route: '/booking/biz-1', session: {} }) };
}
