import {
  type BusinessesResponse,
  type BusinessSummary,
  businessDisplayName,
  businessJsonLd,
} from '@app/domain';
import { dehydrate, HydrationBoundary, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { data, type ShouldRevalidateFunction } from 'react-router';
import { paths } from '@/config/paths';
import { availableTimesQueryOptions } from '@/features/booking/api/get-available-times';
import { BookingPage } from '@/features/booking/components/booking-page';
import { businessReviewsQueryOptions } from '@/features/reviews/api/get-business-reviews';
import { BusinessReviews } from '@/features/reviews/components/business-reviews';
import { browserQueryClient, createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { type ReviewSlots, ReviewSlotsContext, useReviewSlots } from '@/lib/review-slots';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/booking';

/**
 * A business's page (api-contract §9.1): public, rendered on the server with its hours, free times
 * and latest reviews. An unknown or unlisted business is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { businessId } = params;
  const [times, reviews] = await Promise.all([
    context.publicPages.availableTimes(businessId),
    context.publicPages.reviews(businessId),
  ]);
  if (!times || !reviews) throw data(null, { status: 404 });
  const client = createQueryClient();
  client.setQueryData(availableTimesQueryOptions(businessId).queryKey, times);
  client.setQueryData(businessReviewsQueryOptions(businessId).queryKey, {
    pages: [reviews],
    pageParams: [null],
  });
  return { dehydratedState: dehydrate(client), business: times.business };
}

/**
 * In the browser, on later visits: nothing from the server (the page's queries ask the API). Its
 * title names the business at once when the tab already holds it: from the list it was chosen in,
 * or from an earlier visit.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const queryClient = browserQueryClient();
  const times = availableTimesQueryOptions(params.businessId);
  const business: BusinessSummary | undefined =
    queryClient.getQueryData(times.queryKey)?.business ?? listedBusiness(queryClient, params.businessId);
  return { dehydratedState: undefined, business };
}

/** The business as a page of the businesses list the tab holds shows it, if one does. */
function listedBusiness(queryClient: QueryClient, businessId: string): BusinessSummary | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<BusinessesResponse>>({
    queryKey: queryKeys.businesses,
  });
  for (const [, list] of lists) {
    // The same prefix holds other answers (towns, a business's times): only pages of lists count.
    if (!Array.isArray(list?.pages)) continue;
    for (const page of list.pages) {
      const found = Array.isArray(page?.businesses)
        ? page.businesses.find(({ id }) => id === businessId)
        : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

// Nothing to read again when only the query changes (a wizard's step, a tab).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.businessId !== nextParams.businessId;

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const business = loaderData?.business;
  const appUrl = appUrlOf(matches);
  const path = paths.booking.getHref(params.businessId);
  if (!business) return pageMeta({ title: paths.booking.title, path, appUrl });
  const name = businessDisplayName(business);
  const rating = business.rating?.average
    ? ` Rated ${business.rating.average} from ${business.rating.count} reviews.`
    : '';
  const description =
    `Book ${name} in ${business.BusinessTown}: from £${business.minimumPrice}${business.homeVisitsEnabled ? ', home visits' : ''}.${rating} ${business.BusinessDescription}`
      .trim()
      .slice(0, 300);
  return [
    ...pageMeta({
      title: `${name}, ${business.BusinessTown}`,
      description,
      path,
      appUrl,
      type: 'business.business',
    }),
    // For crawlers, from the server's render (and on a later visit that holds the page's answer):
    // the list's summary has no hours to describe.
    ...(appUrl && 'availability' in business
      ? [{ 'script:ld+json': businessJsonLd(business, { url: `${appUrl}${path}` }) }]
      : []),
  ];
};

/**
 * The page's reviews are part of its server render, so their code comes with the page's: hydration
 * never leaves them waiting for it. A part still waiting for its code when the session arrives above
 * it holds that update back (the session comes in a transition: src/lib/use-is-hydrated.ts) until
 * the code is in; before that transition React threw its server HTML away and drew it again (on a
 * phone, a long task of about a second; decision 24).
 */
function WithPageReviews({ children }: { children: ReactNode }) {
  const slots = useReviewSlots();
  const value = useMemo<ReviewSlots | null>(() => (slots ? { ...slots, BusinessReviews } : null), [slots]);
  return <ReviewSlotsContext value={value}>{children}</ReviewSlotsContext>;
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <WithPageReviews>
        <BookingPage />
      </WithPageReviews>
    </HydrationBoundary>
  );
}
