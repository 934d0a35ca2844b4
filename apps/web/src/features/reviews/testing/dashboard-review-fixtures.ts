import type { ReportedReview, Review, UserType } from '@app/domain';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { getBusinessReviewsPage } from '../api/get-business-reviews';
import type { getReviewReports } from '../api/get-review-reports';
import type { putReviewReply } from '../api/put-review-reply';

/** Test data and setup for the dashboard's review tabs (test-only). */

export const BUSINESS_ID = 'business-1';

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 'review-1',
    rating: 4,
    comment: 'Great fade, friendly chat.',
    authorName: 'Aisling B.',
    visitedOn: '2026-11-20',
    reply: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function makeReportedReview(overrides: Partial<ReportedReview> = {}): ReportedReview {
  return {
    ...makeReview(),
    businessId: BUSINESS_ID,
    businessName: 'Fade Factory',
    hidden: false,
    hiddenReason: null,
    reportCount: 2,
    reports: [
      { reason: 'Names a member of staff', createdAt: '2026-11-23T09:00:00.000Z' },
      { reason: 'Not a real visit', createdAt: '2026-11-22T09:00:00.000Z' },
    ],
    lastReportedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

type ReviewsPage = Awaited<ReturnType<typeof getBusinessReviewsPage>>;

/** One page of GET /booking/reviews, as the web reads it. */
export const reviewsPage = (
  reviews: Review[],
  {
    nextCursor = null,
    average = 4.3,
    count = reviews.length,
  }: { nextCursor?: string | null; average?: number | null; count?: number } = {},
): ReviewsPage => ({ reviews, nextCursor, rating: { average, count } });

/** GET /booking/review-reports's answer. */
export const reportedReviews = (reviews: ReportedReview[]): Awaited<ReturnType<typeof getReviewReports>> => ({
  reviews,
});

/** PUT /booking/review-reply's (and review-moderation's) answer: the API's message and the review. */
export const reviewChanged = (
  message: string,
  review: Review,
): Awaited<ReturnType<typeof putReviewReply>> => ({
  message,
  review,
});

/** Signs in as a business (or the Admin) and opens a dashboard tab; the caller stubs the reviews' calls. */
export function renderReviewsTab({
  userType = 'Business',
  tab = 'reviews',
  api = stubFetch(),
}: {
  userType?: UserType;
  tab?: 'reviews' | 'reported-reviews';
  api?: FetchStub;
} = {}) {
  api.on(
    'GET',
    '/api/user/userdetails',
    jsonResponse(200, userDetails(userType, { id: BUSINESS_ID, BusinessName: 'Fade Factory' })),
  );
  return {
    api,
    ...renderApp({
      route: `/admin?tab=${tab}`,
      session: { accessToken: makeAccessToken({ sub: BUSINESS_ID, userType }) },
    }),
  };
}

/** The dashboard and its tab's chunk load lazily: the first render can take a while. */
export const FIRST_RENDER = { timeout: 5000 };
