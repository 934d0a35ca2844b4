import { type Booking, reviewBlocker } from '@app/domain';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatBookingDateTime } from '@/lib/booking-format';
import { useMyReviews } from '../api/get-my-reviews';

// The dialog (with the comment's rules and their word list) loads on the first opening.
const ReviewDialog = lazy(() => import('./review-dialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * On a customer's booking card: "Write a review" for an agreed appointment whose hour has ended,
 * within 30 days of it, or "Edit your review" while the one they wrote may still change
 * (api-contract §8.6). The customer's own reviews are asked for only when such a booking shows.
 */
export function BookingReviewAction({ booking }: { booking: Booking }) {
  const [now] = useState(() => new Date());
  const blocker = reviewBlocker({ status: booking.Status, bookingDateTime: booking.BookingDateTime }, now);
  return blocker ? null : <ReviewButton booking={booking} now={now} />;
}

function ReviewButton({ booking, now }: { booking: Booking; now: Date }) {
  const myReviews = useMyReviews();
  const [opened, setOpened] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const bookingId = booking.bookingId ?? booking.id;
  // Until the customer's reviews are in, the button would not know which it is.
  if (!myReviews.data) return null;
  const existing = myReviews.data.reviews.find((review) => review.bookingId === bookingId) ?? null;
  if (existing && new Date(existing.editableUntil).getTime() <= now.getTime()) return null;
  const businessName = booking.BusinessName?.trim() || booking.barberName?.trim() || 'the business';

  return (
    <>
      <Button
        size="sm"
        variant={existing ? 'default' : 'filled'}
        aria-haspopup="dialog"
        onClick={() => {
          setHasOpened(true);
          setOpened(true);
        }}
      >
        {existing ? 'Edit your review' : 'Write a review'}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ReviewDialog
            bookingId={bookingId}
            businessName={businessName}
            when={formatBookingDateTime(booking.BookingDateTime)}
            existing={existing}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
