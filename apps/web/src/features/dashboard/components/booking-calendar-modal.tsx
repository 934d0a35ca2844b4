import { type Booking, todayInLondon } from '@app/domain';
import { Group, Indicator, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { agreedPrice, bookingLocationText, formatLongDate, formatPounds } from '@/lib/booking-format';
import { appointmentsByDate } from '../utils/requests';
import classes from './dashboard.module.css';
import { addDatesStyles } from './dates-styles';

addDatesStyles();

/** The day the calendar opens on: today when it has bookings, else the next day that does. */
export function openingDay(byDate: ReadonlyMap<string, unknown>, today: string = todayInLondon()): string {
  if (byDate.has(today)) return today;
  const next = [...byDate.keys()].filter((date) => date > today).sort()[0];
  return next ?? today;
}

const countText = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;

/** The calendar and the chosen day's list; mounted each time the modal opens, so it opens afresh. */
function CalendarContent({ bookings }: { bookings: readonly Booking[] }) {
  const byDate = useMemo(() => appointmentsByDate(bookings), [bookings]);
  const [selected, setSelected] = useState<string>(() => openingDay(byDate));
  const dayBookings = byDate.get(selected) ?? [];

  return (
    <div className={classes.calendarLayout}>
      <div className={classes.calendarPicker}>
        <DatePicker
          value={selected}
          onChange={(date) => {
            if (date) setSelected(date);
          }}
          defaultDate={selected}
          highlightToday
          weekendDays={[]}
          size="md"
          classNames={{ day: classes.calendarPickerDay }}
          ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
          getDayAriaLabel={(date) => {
            const count = byDate.get(date)?.length ?? 0;
            const label = dayjs(date).format('D MMMM YYYY');
            return count > 0 ? `${label}, ${countText(count)}` : label;
          }}
          renderDay={(date) => {
            const hasBookings = byDate.has(date);
            return (
              <Indicator size={7} color="copper" offset={-3} disabled={!hasBookings} position="bottom-center">
                <div>{dayjs(date).date()}</div>
              </Indicator>
            );
          }}
        />
        <Group gap={6} mt="xs" c="dimmed" wrap="nowrap">
          <span className={classes.legendDot} aria-hidden="true" />
          <Text size="xs">A dot marks a day with approved or confirmed bookings.</Text>
        </Group>
      </div>
      <section aria-labelledby="calendar-day-title" className={classes.calendarDay}>
        <Title order={3} fz="md" id="calendar-day-title" mb="sm">
          {formatLongDate(selected)}
        </Title>
        {dayBookings.length === 0 ? (
          <Text c="dimmed" size="sm">
            No bookings on this day.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            className={classes.plainList}
            aria-label={`Bookings on ${formatLongDate(selected)}`}
          >
            {dayBookings.map((booking) => {
              const price = agreedPrice(booking);
              return (
                <Paper component="li" key={booking.id} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <div className={classes.minWidth0}>
                      <Text fw={700}>{booking.BookingDateTime.slice(11, 16)}</Text>
                      <Text size="sm" className={classes.breakWord}>
                        {booking.customerName || 'Customer'}
                        {price !== null ? ` · ${formatPounds(price)}` : null}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.breakWord}>
                        {bookingLocationText(booking)}
                      </Text>
                    </div>
                    <BookingStatusBadge status={booking.Status} className={classes.noShrink} />
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </section>
    </div>
  );
}

/**
 * The booking calendar (spec §2): a month calendar that marks the days with Approved or Confirmed
 * bookings, and lists the bookings of the chosen day.
 */
export function BookingCalendarModal({
  bookings,
  opened,
  onClose,
}: {
  bookings: readonly Booking[];
  opened: boolean;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Booking Calendar"
      size="xl"
      fullScreen={isMobile}
      classNames={{ title: classes.modalTitle }}
    >
      <CalendarContent bookings={bookings} />
    </Modal>
  );
}
