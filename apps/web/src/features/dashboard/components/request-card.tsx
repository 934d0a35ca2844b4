import { assertNever, type Booking, hasBookingStarted, MESSAGES } from '@app/domain';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { BookingDetail, BookingDetails } from '@/components/booking-details';
import { canProposeMove, MoveButton, MoveStatus } from '@/components/booking-move';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { ConfirmButton } from '@/components/confirm-button';
import { IconMail, IconPhone, IconPound } from '@/components/icons';
import { MessagesButton } from '@/components/messages-button';
import { agreedPrice, formatBookingDateTime, formatPounds, offeredPrice } from '@/lib/booking-format';
import { toast } from '@/lib/toast';
import { useBringIntoView } from '@/lib/use-bring-into-view';
import { useTeam } from '../api/team';
import { bookingRefOf, useSetBookingStatusMutation } from '../api/update-booking';
import { showFailure } from '../utils/errors';
import { AttendanceButtons, canMarkAttendance } from './attendance-buttons';
import { CancelAppointmentButton } from './cancel-appointment-button';
import { CounterOfferDialog } from './counter-offer-dialog';
import classes from './dashboard.module.css';

const customerNameOf = (booking: Booking) => booking.customerName?.trim() || 'Customer';

/** The price line as the business reads it: what was offered, and any counter offer. */
function PriceDetail({ booking }: { booking: Booking }) {
  const offer = offeredPrice(booking);
  const offerText = offer !== null ? formatPounds(offer) : '–';
  switch (booking.Status) {
    case 'Countered':
    case 'Declined':
      return (
        <BookingDetail icon={<IconPound size={18} />}>
          Offered: {offerText}
          {booking.CounterPrice !== null ? (
            <>
              {' '}
              · Your counter offer: <strong>{formatPounds(booking.CounterPrice)}</strong>
            </>
          ) : null}
        </BookingDetail>
      );
    case 'Confirmed': {
      const price = agreedPrice(booking);
      return (
        <BookingDetail icon={<IconPound size={18} />}>
          <strong>{price !== null ? formatPounds(price) : '–'}</strong>
          {offer !== null && price !== null && offer !== price
            ? ` (counter offer accepted; offered ${formatPounds(offer)})`
            : null}
        </BookingDetail>
      );
    }
    case 'Requested':
    case 'Approved':
    case 'Denied':
    case 'Cancelled':
      return (
        <BookingDetail icon={<IconPound size={18} />}>
          Offered: <strong>{offerText}</strong>
        </BookingDetail>
      );
    default:
      return assertNever(booking.Status);
  }
}

/**
 * Runs a booking change and reports it. NOTE: mutateAsync, not mutate's callbacks: the list is
 * refetched before the call settles, which moves this card to another section and unmounts it,
 * and mutate's own callbacks do not run for an unmounted component.
 */
async function runBookingChange(change: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await change();
    toast.success(success);
    return true;
  } catch (error) {
    showFailure(error, { title: MESSAGES.failedToUpdateBooking, fallback: MESSAGES.failedToUpdateBooking });
    return false;
  }
}

/** Deny behind two confirmations: a first dialog, then 'Are you sure?' whose button denies. */
function DenyButton({ booking }: { booking: Booking }) {
  const setStatus = useSetBookingStatusMutation();
  const customer = customerNameOf(booking);
  const when = formatBookingDateTime(booking.BookingDateTime);

  return (
    <ConfirmButton
      label="Deny"
      keepLabel="Keep Request"
      first={{
        title: 'Deny this request?',
        body: (
          <>
            Deny {customer}&rsquo;s request for {when}? If the price is the problem, you can send a counter
            offer instead.
          </>
        ),
        confirmLabel: 'Deny Request',
      }}
      final={{
        title: 'Are you sure?',
        body: `This cannot be undone. ${customer} will be emailed that you denied the request.`,
        confirmLabel: 'Yes, Deny Request',
      }}
      onConfirm={() =>
        runBookingChange(
          () => setStatus.mutateAsync({ ...bookingRefOf(booking), status: 'Denied' }),
          'Request denied',
        )
      }
      isPending={setStatus.isPending}
    />
  );
}

/**
 * Approve behind one confirmation that says what it does (issue 29: one tap changed the booking and
 * emailed the customer with nothing on screen to say so); the toast then names whose request it
 * was, and the card moves to Approved.
 */
function ApproveButton({ booking }: { booking: Booking }) {
  const approve = useSetBookingStatusMutation();
  const customer = customerNameOf(booking);
  const when = formatBookingDateTime(booking.BookingDateTime);
  const offer = offeredPrice(booking);
  // Who does it (api-contract §9.3): the one the customer asked for, or the first free one.
  const [memberId, setMemberId] = useState<string>(booking.MemberID ?? FIRST_FREE);
  return (
    <ConfirmButton
      label="Approve"
      tone="primary"
      keepLabel="Not Yet"
      first={{
        title: 'Approve this request?',
        body: (
          <>
            Approve {customer}&rsquo;s request for {when}
            {offer !== null ? ` at ${formatPounds(offer)}` : ''}? {customer} will be emailed that it is
            approved, with a calendar entry. You can still cancel it later, with a reason.
          </>
        ),
        fields: <MemberPicker booking={booking} value={memberId} onChange={setMemberId} />,
        confirmLabel: 'Approve Request',
      }}
      onConfirm={() =>
        runBookingChange(
          () =>
            approve.mutateAsync({
              ...bookingRefOf(booking),
              status: 'Approved',
              ...(memberId === FIRST_FREE ? {} : { memberId }),
            }),
          `Approved: ${customer}, ${when}`,
        )
      }
      isPending={approve.isPending}
    />
  );
}

const FIRST_FREE = 'first-free';

/**
 * The barber who will do it, at a shop with more than one who does the service (api-contract
 * §9.3); nothing at a shop of one. Loaded when the dialog opens.
 */
function MemberPicker({
  booking,
  value,
  onChange,
}: {
  booking: Booking;
  value: string;
  onChange: (memberId: string) => void;
}) {
  const team = useTeam();
  const doing = (team.data?.team ?? []).filter(
    (member) => booking.ServiceID === null || member.serviceIds.includes(booking.ServiceID),
  );
  if (doing.length < 2) return null;
  return (
    <NativeSelect
      label="Barber"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: FIRST_FREE, label: 'First free barber' },
        ...doing.map((member) => ({ value: member.id, label: member.name })),
      ]}
    />
  );
}

function PendingActions({ booking }: { booking: Booking }) {
  const [isCounterOpen, setIsCounterOpen] = useState(false);

  return (
    <Group gap="sm">
      <ApproveButton booking={booking} />
      <Button size="sm" variant="light" onClick={() => setIsCounterOpen(true)}>
        Counter
      </Button>
      <DenyButton booking={booking} />
      <CounterOfferDialog
        booking={booking}
        opened={isCounterOpen}
        onClose={() => setIsCounterOpen(false)}
        onSent={() => setIsCounterOpen(false)}
        runChange={runBookingChange}
      />
    </Group>
  );
}

/** The business may cancel an agreed appointment until it starts (api-contract §8.4). */
const isCancellable = (booking: Booking) =>
  (booking.Status === 'Approved' || booking.Status === 'Confirmed') &&
  !hasBookingStarted(booking.BookingDateTime, new Date());

/** One request as the business sees it: who, how to reach them, when, price, where, status. */
function RequestCardBody({ booking, isHighlighted = false }: { booking: Booking; isHighlighted?: boolean }) {
  const customer = customerNameOf(booking);
  const when = formatBookingDateTime(booking.BookingDateTime);
  const highlight = useBringIntoView<HTMLElement>(isHighlighted);

  return (
    <Paper
      component="article"
      {...highlight}
      withBorder
      p="md"
      radius="md"
      aria-label={`${customer}, ${when}`}
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" className={classes.breakWord}>
            {customer}
            {/* Booked by the business for a customer without an account (issue 32 item 6). */}
            {booking.WalkIn ? (
              <Text component="span" size="xs" c="dimmed" fw={500} ml={6}>
                Walk-in
              </Text>
            ) : null}
          </Title>
          <BookingStatusBadge status={booking.Status} className={classes.noShrink} />
        </Group>
        <BookingDetails
          booking={booking}
          viewer="business"
          price={<PriceDetail booking={booking} />}
          hasAccentIcons
          after={
            <>
              {booking.customerEmail ? (
                <BookingDetail icon={<IconMail size={18} />}>
                  <Anchor href={`mailto:${booking.customerEmail}`} size="sm">
                    {booking.customerEmail}
                  </Anchor>
                </BookingDetail>
              ) : null}
              {booking.customerPhone ? (
                <BookingDetail icon={<IconPhone size={18} />}>
                  <Anchor href={`tel:${booking.customerPhone.replace(/\s+/g, '')}`} size="sm">
                    {booking.customerPhone}
                  </Anchor>
                </BookingDetail>
              ) : null}
            </>
          }
        />
        {canMarkAttendance(booking) ? <AttendanceButtons booking={booking} customer={customer} /> : null}
        <MoveStatus booking={booking} viewer="business" />
        <Group gap="sm" className={classes.cardActions}>
          {booking.Status === 'Requested' ? <PendingActions booking={booking} /> : null}
          {canProposeMove(booking) ? <MoveButton booking={booking} viewer="business" /> : null}
          {isCancellable(booking) ? (
            <CancelAppointmentButton booking={booking} customer={customer} runChange={runBookingChange} />
          ) : null}
          {booking.WalkIn ? null : (
            <MessagesButton
              target={{ bookingId: booking.bookingId, viewer: 'business', otherName: customer, when }}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Memoised: a list that grows (another page, a change to one booking)
 * draws only its new cards at each step, not every card again; a card draws again when its booking
 * changes (the query's answer keeps an unchanged booking's object).
 */
export const RequestCard = memo(RequestCardBody);
