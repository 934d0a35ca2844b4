import {
  assertNever,
  type Booking,
  formatPence,
  hasBookingStarted,
  isActiveStatus,
  isTooLateToCancel,
  MESSAGES,
  tooLateToCancelOnlineText,
} from '@app/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { BookingDetail, BookingDetails } from '@/components/booking-details';
import { canProposeMove, MoveButton, MoveStatus } from '@/components/booking-move';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { IconPound, IconScissors } from '@/components/icons';
import { MessagesButton } from '@/components/messages-button';
import { agreedPrice, formatBookingDateTime, formatPounds, offeredPrice } from '@/lib/booking-format';
import { useReviewSlots } from '@/lib/review-slots';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useBringIntoView } from '@/lib/use-bring-into-view';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { useRespondToCounterMutation } from '../api/respond-to-counter';
import { useStartCheckoutMutation } from '../api/start-checkout';
import { businessNameOf } from '../utils/bookings';
import { AddToCalendarButton } from './add-to-calendar-button';
import { CancelAppointmentButton, CancelRequestButton } from './cancel-request-button';
import classes from './profile-page.module.css';

/** Spec §8: 'Failed to update booking', with the server's message where there is one. */
function showBookingError(error: unknown) {
  const message = serverMessageOf(error, { includeNetworkError: true, includeStatusText: true });
  if (message) toast.error({ title: MESSAGES.failedToUpdateBooking, message });
  else toast.error(MESSAGES.failedToUpdateBooking);
}

function PriceDetail({ booking }: { booking: Booking }) {
  const offer = offeredPrice(booking);
  if ((booking.Status === 'Countered' || booking.Status === 'Declined') && booking.CounterPrice !== null) {
    return (
      <BookingDetail icon={<IconPound size={18} />}>
        Your offer: {offer !== null ? formatPounds(offer) : '–'} · Counter offer:{' '}
        <strong>{formatPounds(booking.CounterPrice)}</strong>
      </BookingDetail>
    );
  }
  const price = agreedPrice(booking);
  const wasCountered = booking.Status === 'Confirmed' && offer !== null && price !== null && offer !== price;
  return (
    <BookingDetail icon={<IconPound size={18} />}>
      {price !== null ? formatPounds(price) : '–'}
      {wasCountered ? ` (counter offer accepted; you offered ${formatPounds(offer)})` : null}
    </BookingDetail>
  );
}

/**
 * Runs a booking change and reports it. NOTE: mutateAsync, not mutate's callbacks: the list is
 * refetched before the call settles, which moves this card to another tab and unmounts it, and
 * mutate's own callbacks do not run for an unmounted component.
 */
async function runBookingChange(change: () => Promise<unknown>, onSuccess: () => void) {
  try {
    await change();
    onSuccess();
  } catch (error) {
    showBookingError(error);
  }
}

function BookingActions({ booking }: { booking: Booking }) {
  const cancel = useCancelBookingMutation();
  const respond = useRespondToCounterMutation();
  // One at a time across Accept and Decline: a double tap, or a tap on each, sends one answer.
  const answer = useSingleFlight();
  const ref = {
    businessId: booking.businessId ?? booking.BusinessID,
    bookingId: booking.bookingId ?? booking.id,
  };
  const when = formatBookingDateTime(booking.BookingDateTime);

  switch (booking.Status) {
    case 'Requested':
      return (
        <CancelRequestButton
          description={`your request to ${businessNameOf(booking)} for ${when}`}
          isPending={cancel.isPending}
          onConfirm={async () => {
            await runBookingChange(
              () => cancel.mutateAsync(ref),
              () => toast.success('Booking request cancelled'),
            );
          }}
        />
      );
    case 'Countered': {
      const isAccepting = respond.isPending && respond.variables?.response === 'Accepted';
      const isDeclining = respond.isPending && respond.variables?.response === 'Declined';
      return (
        <Group gap="sm">
          <Button
            size="sm"
            loading={isAccepting}
            disabled={isDeclining}
            onClick={() =>
              answer.run(() =>
                runBookingChange(
                  () => respond.mutateAsync({ ...ref, response: 'Accepted' }),
                  () => toast.success('Counter offer accepted. Your booking is confirmed.'),
                ),
              )
            }
          >
            Accept {booking.CounterPrice !== null ? formatPounds(booking.CounterPrice) : 'counter offer'}
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={isDeclining}
            disabled={isAccepting}
            onClick={() =>
              answer.run(() =>
                runBookingChange(
                  () => respond.mutateAsync({ ...ref, response: 'Declined' }),
                  () => toast.info('Counter offer declined'),
                ),
              )
            }
          >
            Decline
          </Button>
        </Group>
      );
    }
    case 'Approved':
    case 'Confirmed':
      // An appointment that has started can no longer be added to a calendar or cancelled. Within
      // the business's notice the card says so in place of Cancel, and the Messages button beside
      // it is the way left (the server refuses a cancellation then: 409 TooLateToCancel).
      if (hasBookingStarted(booking.BookingDateTime, new Date())) return null;
      if (isTooLateToCancel(booking.BookingDateTime, booking.CancellationNoticeHours ?? 0, new Date())) {
        return (
          <>
            {booking.PaymentStatus === 'Due' ? <PayButton booking={booking} /> : null}
            <Text size="sm" className={classes.tooLateNote}>
              {tooLateToCancelOnlineText(businessNameOf(booking), booking.CancellationNoticeHours ?? 0)}
            </Text>
            <AddToCalendarButton booking={booking} />
          </>
        );
      }
      return (
        <>
          {booking.PaymentStatus === 'Due' ? <PayButton booking={booking} /> : null}
          <AddToCalendarButton booking={booking} />
          {canProposeMove(booking) ? <MoveButton booking={booking} viewer="customer" /> : null}
          <CancelAppointmentButton
            description={`your appointment at ${businessNameOf(booking)} on ${when}`}
            isPending={cancel.isPending}
            onConfirm={async () => {
              await runBookingChange(
                () => cancel.mutateAsync(ref),
                () => toast.success('Booking cancelled'),
              );
            }}
          />
        </>
      );
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return null;
    default:
      return assertNever(booking.Status);
  }
}

/**
 * Pay what an agreed booking asks for (api-contract §9.2): the provider's page opens in this tab
 * and brings the customer back to this card.
 */
function PayButton({ booking }: { booking: Booking }) {
  const checkout = useStartCheckoutMutation();
  const paying = useSingleFlight();
  const owed = booking.AmountDuePence - booking.AmountPaidPence;
  return (
    <Button
      size="sm"
      loading={checkout.isPending}
      onClick={() =>
        paying.run(async () => {
          try {
            const { url } = await checkout.mutateAsync(booking.bookingId ?? booking.id);
            window.location.assign(url);
          } catch (error) {
            showPaymentError(error);
          }
        })
      }
    >
      Pay {formatPence(owed)}
    </Button>
  );
}

function showPaymentError(error: unknown) {
  const message = serverMessageOf(error, { includeNetworkError: true, includeStatusText: true });
  toast.error({ title: 'Payment could not start', message: message ?? 'Please try again in a minute.' });
}

/** An agreed appointment that has started: once its hour ends, it may be reviewed for a while. */
const mayBeReviewable = (booking: Booking) =>
  (booking.Status === 'Approved' || booking.Status === 'Confirmed') &&
  hasBookingStarted(booking.BookingDateTime, new Date());

const hasActions = (booking: Booking) =>
  isActiveStatus(booking.Status) &&
  !(
    (booking.Status === 'Approved' || booking.Status === 'Confirmed') &&
    hasBookingStarted(booking.BookingDateTime, new Date())
  );

/** One booking: who, when, price, where, status, and what the customer can do with it. */
function BookingCardBody({ booking, isHighlighted = false }: { booking: Booking; isHighlighted?: boolean }) {
  const business = businessNameOf(booking);
  const when = formatBookingDateTime(booking.BookingDateTime);
  const highlight = useBringIntoView<HTMLElement>(isHighlighted);
  const reviewSlots = useReviewSlots();

  return (
    <Paper
      component="article"
      {...highlight}
      withBorder
      p="md"
      radius="md"
      aria-label={`${business}, ${when}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" className={classes.breakWord}>
            {business}
          </Title>
          <BookingStatusBadge status={booking.Status} className={classes.noShrink} />
        </Group>
        <BookingDetails
          booking={booking}
          viewer="customer"
          before={
            booking.barberName ? (
              <BookingDetail icon={<IconScissors size={18} />}>{booking.barberName}</BookingDetail>
            ) : null
          }
          price={<PriceDetail booking={booking} />}
        />
        <MoveStatus booking={booking} viewer="customer" />
        {/* Only the active statuses (Requested, Countered, Approved, Confirmed) have actions, and an
            agreed appointment only until it starts; every booking has its messages. */}
        <Group gap="sm" align="flex-start">
          {hasActions(booking) ? <BookingActions booking={booking} /> : null}
          {/* Write or edit a review (the reviews feature decides whether the time allows it). */}
          {reviewSlots && mayBeReviewable(booking) ? (
            <reviewSlots.BookingReviewAction booking={booking} />
          ) : null}
          <MessagesButton
            target={{
              bookingId: booking.bookingId ?? booking.id,
              viewer: 'customer',
              otherName: booking.BusinessName?.trim() || booking.barberName?.trim() || business,
              when,
            }}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Memoised: a list that grows (another page, a change to one booking)
 * draws only its new cards at each step, not every card again.
 */
export const BookingCard = memo(BookingCardBody);
