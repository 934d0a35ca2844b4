import { type Attendance, type Booking, hasBookingStarted, holdsSlot, MESSAGES } from '@app/domain';
import { Button, Group, Text } from '@mantine/core';
import { toast } from '@/lib/toast';
import { useMarkAttendanceMutation } from '../api/mark-attendance';
import { showFailure } from '../utils/errors';

/** An agreed appointment that has started: its business may say whether the customer came. */
export const canMarkAttendance = (booking: Booking, now = new Date()) =>
  holdsSlot(booking.Status) && hasBookingStarted(booking.BookingDateTime, now);

const CHOICES: { value: Attendance; label: string; done: string }[] = [
  { value: 'Attended', label: 'Attended', done: 'Marked as attended' },
  { value: 'NoShow', label: 'No-show', done: 'Marked as a no-show' },
];

/**
 * 'Did they come?' on a started appointment (api-contract §9.2): Attended or No-show, the chosen one
 * pressed; the business may change its word. A no-show keeps what was paid, which the card's money
 * line then says.
 */
export function AttendanceButtons({ booking, customer }: { booking: Booking; customer: string }) {
  const mark = useMarkAttendanceMutation();
  const choose = async (choice: (typeof CHOICES)[number]) => {
    try {
      await mark.mutateAsync({ bookingId: booking.bookingId, attendance: choice.value });
      toast.success(`${choice.done}: ${customer}`);
    } catch (error) {
      showFailure(error, { title: MESSAGES.failedToUpdateBooking, fallback: MESSAGES.failedToUpdateBooking });
    }
  };
  return (
    <Group gap="xs" role="group" aria-label={`Did ${customer} come?`}>
      <Text size="sm" c="dimmed">
        {booking.Attendance ? 'Attendance:' : 'Did they come?'}
      </Text>
      {CHOICES.map((choice) => {
        const isChosen = booking.Attendance === choice.value;
        return (
          <Button
            key={choice.value}
            size="xs"
            variant={isChosen ? 'filled' : 'light'}
            color={choice.value === 'NoShow' ? 'red' : undefined}
            aria-pressed={isChosen}
            disabled={mark.isPending}
            onClick={() => (isChosen ? undefined : choose(choice))}
          >
            {choice.label}
          </Button>
        );
      })}
    </Group>
  );
}
