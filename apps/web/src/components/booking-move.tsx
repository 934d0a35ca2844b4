import {
  type Booking,
  type BookingActor,
  groupSlotsByDate,
  hasBookingStarted,
  type MoveProposal,
  type MoveTimes,
} from '@app/domain';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { apiClient } from '@/lib/api-client';
import { formatBookingDateTime, formatLongDate } from '@/lib/booking-format';
import { queryKeys } from '@/lib/query-keys';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';

// Moving an agreed appointment (api-contract §9.4): either party proposes a new time, the other
// accepts or declines. Shared by the customer's booking card and the business's request card.

const isAgreedAhead = (booking: Booking) =>
  (booking.Status === 'Approved' || booking.Status === 'Confirmed') &&
  !hasBookingStarted(booking.BookingDateTime, new Date());

/** Whether the card offers Move: an agreed booking ahead with no proposal open, not a walk-in's customer side. */
export const canProposeMove = (booking: Booking) =>
  isAgreedAhead(booking) && booking.MoveProposal === null && !booking.WalkIn;

function useMoveChange<T>(call: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}

const failed = (title: string) => (error: unknown) =>
  toast.error({ title, message: serverMessageOf(error) ?? 'Please try again.' });

/** 'Moved from …', and an open proposal with Accept and Decline for the party who answers it. */
export function MoveStatus({ booking, viewer }: { booking: Booking; viewer: BookingActor }) {
  const answer = useMoveChange((body: { proposalId: string; response: 'Accepted' | 'Declined' }) =>
    apiClient.patch<{ booking: Booking }>('/booking/reschedule', body),
  );
  const proposal = booking.MoveProposal;
  if (!booking.RescheduledFrom && !proposal) return null;
  const respond = (response: 'Accepted' | 'Declined') =>
    answer.mutate(
      { proposalId: proposal!.id, response },
      {
        onSuccess: () => toast.success(response === 'Accepted' ? 'Booking moved' : 'New time declined'),
        onError: failed('Could not answer the new time'),
      },
    );
  return (
    <Stack gap={4}>
      {booking.RescheduledFrom ? (
        <Text size="sm" c="dimmed">
          Moved from {formatBookingDateTime(booking.RescheduledFrom)}
        </Text>
      ) : null}
      {proposal ? (
        <Stack gap={6} role="group" aria-label="New time proposed">
          <Text size="sm" fw={600}>
            New time proposed: {formatBookingDateTime(proposal.to)}
          </Text>
          {proposal.proposedBy === viewer ? (
            <Text size="sm" c="dimmed">
              Waiting for the {viewer === 'customer' ? 'business' : 'customer'} to answer.
            </Text>
          ) : (
            <Group gap="xs">
              <Button size="compact-md" onClick={() => respond('Accepted')} loading={answer.isPending}>
                Accept New Time
              </Button>
              <Button
                size="compact-md"
                variant="default"
                onClick={() => respond('Declined')}
                disabled={answer.isPending}
              >
                Decline
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Move: a dialog of the times its service and barber could take, to propose one. */
export function MoveButton({ booking, viewer }: { booking: Booking; viewer: BookingActor }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="sm" variant="default" onClick={() => setOpened(true)}>
        Move
      </Button>
      <DeferredModal opened={opened} onClose={() => setOpened(false)} title="Move this booking">
        {opened ? <MoveForm booking={booking} viewer={viewer} onDone={() => setOpened(false)} /> : null}
      </DeferredModal>
    </>
  );
}

function MoveForm({
  booking,
  viewer,
  onDone,
}: {
  booking: Booking;
  viewer: BookingActor;
  onDone: () => void;
}) {
  // The booking's own time is not taken for its move: a start overlapping it is offered too.
  const times = useQuery({
    queryKey: ['move-times', booking.id],
    queryFn: () =>
      apiClient.get<MoveTimes>(`/booking/reschedule/times?${new URLSearchParams({ bookingId: booking.id })}`),
  });
  const byDate = groupSlotsByDate(times.data?.slots ?? []);
  const dates = Object.keys(byDate);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const day = date || dates[0] || '';
  const dayTimes = byDate[day] ?? [];
  const chosen = time && dayTimes.includes(time) ? time : (dayTimes[0] ?? '');
  const propose = useMoveChange((body: { bookingId: string; bookingDateTime: string }) =>
    apiClient.post<{ proposal: MoveProposal }>('/booking/reschedule', body),
  );
  const send = () =>
    propose.mutate(
      { bookingId: booking.id, bookingDateTime: `${day} ${chosen}` },
      {
        onSuccess: () => {
          toast.success(
            `New time proposed: the ${viewer === 'customer' ? 'business' : 'customer'} will answer`,
          );
          onDone();
        },
        onError: failed('Could not propose the time'),
      },
    );
  if (times.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        The free times could not be loaded. Please try again.
      </Text>
    );
  }
  if (!times.data) return <Text size="sm">Loading the free times…</Text>;
  if (dates.length === 0) return <Text size="sm">There is no other free time in the next 4 weeks.</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Now: {formatBookingDateTime(booking.BookingDateTime)}. The{' '}
        {viewer === 'customer' ? 'business' : 'customer'} accepts or declines the new time; until then the
        booking keeps its time.
      </Text>
      <NativeSelect
        label="Day"
        value={day}
        onChange={(event) => setDate(event.currentTarget.value)}
        data={dates.map((one) => ({ value: one, label: formatLongDate(one) }))}
      />
      <NativeSelect
        label="Time"
        value={chosen}
        onChange={(event) => setTime(event.currentTarget.value)}
        data={dayTimes}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={send} loading={propose.isPending} disabled={!chosen}>
          Propose New Time
        </Button>
      </Group>
    </Stack>
  );
}
