import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import { type ReviewSlots, ReviewSlotsContext } from '@/lib/review-slots';

// The reviews feature's parts of other screens, each loaded when first shown (off every first load).
const LazyBookingReviewAction = lazy(() =>
  import('@/features/reviews/components/booking-review-action').then((m) => ({
    default: m.BookingReviewAction,
  })),
);
const LazyBusinessReviews = lazy(() =>
  import('@/features/reviews/components/business-reviews').then((m) => ({ default: m.BusinessReviews })),
);

const SLOTS: ReviewSlots = {
  BookingReviewAction: (props: ComponentProps<ReviewSlots['BookingReviewAction']>) => (
    <Suspense fallback={null}>
      <LazyBookingReviewAction {...props} />
    </Suspense>
  ),
  BusinessReviews: (props: ComponentProps<ReviewSlots['BusinessReviews']>) => (
    <Suspense fallback={null}>
      <LazyBusinessReviews {...props} />
    </Suspense>
  ),
};

export function ReviewSlotsProvider({ children }: { children: ReactNode }) {
  return <ReviewSlotsContext value={SLOTS}>{children}</ReviewSlotsContext>;
}
