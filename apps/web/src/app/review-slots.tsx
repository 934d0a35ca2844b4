import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import { type ReviewSlots, ReviewSlotsContext } from '@/lib/review-slots';

// The review action of a customer's booking card, loaded when first shown (off every first load). A
// business's reviews come with its page's code (app/routes/booking.tsx).
const LazyBookingReviewAction = lazy(() =>
  import('@/features/reviews/components/booking-review-action').then((m) => ({
    default: m.BookingReviewAction,
  })),
);

const SLOTS: ReviewSlots = {
  BookingReviewAction: (props: ComponentProps<ReviewSlots['BookingReviewAction']>) => (
    <Suspense fallback={null}>
      <LazyBookingReviewAction {...props} />
    </Suspense>
  ),
};

export function ReviewSlotsProvider({ children }: { children: ReactNode }) {
  return <ReviewSlotsContext value={SLOTS}>{children}</ReviewSlotsContext>;
}
