import {
  type AwayDateResponse,
  type Booking,
  isDateAway,
  MESSAGES,
  type TeamMember,
  todayInLondon,
  weekdayOf,
} from '@app/domain';
import { Button, Group, Indicator, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { useSession } from '@/lib/auth';
import { formatLongDate } from '@/lib/booking-format';
import { addDatesStyles } from '@/lib/dates-styles';
import { useTeam } from '../api/team';
import { useMonthBookings } from '../api/use-business-bookings';
import { appointmentsByDate } from '../utils/requests';
import { AppointmentItem } from './appointment-item';
import classes from './dashboard.module.css';

addDatesStyles();

/**
 * The day the calendar opens on: today when it has bookings, else the next day that does (the
 * first of the upcoming appointments, which start from today).
 */
export function openingDay(nextAppointmentDate: string | null, today: string = todayInLondon()): string {
  return nextAppointmentDate && nextAppointmentDate > today ? nextAppointmentDate : today;
}

const monthOf = (date: string) => date.slice(0, 7);

/** A month's appointments by day, read when the calendar shows that month. */
function useMonthAppointments(month: string) {
  const query = useMonthBookings(month);
  const byDate = useMemo(() => appointmentsByDate(query.data?.bookings ?? []), [query.data]);
  return { query, byDate };
}

const countText = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;

/** The business's away period that covers the day, if any. */
const awayPeriodOn = (date: string, awayDates: readonly AwayDateResponse[]) =>
  awayDates.find((away) => away.status === 'active' && away.startDate <= date && date <= away.endDate);

/** The wide screen at which a team's day is shown a column per member (api-contract §9.3). */
const COLUMNS_QUERY = '(min-width: 62em)';

/**
 * The day's bookings by member, in the team's order, each column with what its emptiness means;
 * bookings of no member (older ones) last.
 */
export function bookingsByMember(
  bookings: readonly Booking[],
  team: readonly Pick<TeamMember, 'id' | 'name' | 'availability' | 'awayDates'>[],
  date: string,
  shopHours: TeamMember['availability'] | undefined,
): { key: string; name: string; bookings: Booking[]; note: string }[] {
  const weekday = weekdayOf(date);
  const columns = team.map((member) => ({
    key: member.id,
    name: member.name,
    bookings: bookings.filter((booking) => booking.MemberID === member.id),
    // What an empty column means: their own day away, a day they do not work, or a free day.
    note: isDateAway(date, member.awayDates)
      ? 'Away.'
      : ((member.availability ?? shopHours)?.[weekday]?.length ?? 0) === 0
        ? 'Not working.'
        : 'Free all day.',
  }));
  const known = new Set(team.map((member) => member.id));
  const others = bookings.filter((booking) => booking.MemberID === null || !known.has(booking.MemberID));
  return others.length > 0
    ? [...columns, { key: 'none', name: 'No barber yet', bookings: others, note: '' }]
    : columns;
}

/** One booking of the day as a list item, from its start to its end. */
const DayItem = ({ booking }: { booking: Booking }) => (
  <AppointmentItem
    booking={booking}
    when={`${booking.BookingDateTime.slice(11, 16)}–${booking.EndDateTime.slice(11, 16)}`}
  />
);

/** The chosen day's bookings: one list, or a column per member for a team on a wide screen. */
function DayBookings({ date, bookings }: { date: string; bookings: Booking[] }) {
  const wide = useMediaQuery(COLUMNS_QUERY);
  // The team is read only where it makes columns.
  const team = useTeam(wide).data?.team ?? [];
  const shopHours = useSession().user?.availability;
  const label = `Bookings on ${formatLongDate(date)}`;
  if (bookings.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No bookings on this day.
      </Text>
    );
  }
  if (wide && team.length > 1) {
    return (
      // Focusable: its columns scroll sideways beyond three, by keyboard too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable)
      <section className={classes.calendarColumns} aria-label={label} tabIndex={0}>
        {bookingsByMember(bookings, team, date, shopHours).map((column) => (
          <section key={column.key} aria-label={`${column.name}: ${countText(column.bookings.length)}`}>
            <Text fw={700} size="sm" mb={6}>
              {column.name}{' '}
              <Text span size="xs" c="dimmed">
                {countText(column.bookings.length)}
              </Text>
            </Text>
            {column.bookings.length === 0 ? (
              <Text size="sm" c="dimmed">
                {column.note}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" className={classes.plainList}>
                {column.bookings.map((booking) => (
                  <DayItem key={booking.id} booking={booking} />
                ))}
              </Stack>
            )}
          </section>
        ))}
      </section>
    );
  }
  return (
    <Stack component="ul" gap="xs" className={classes.plainList} aria-label={label}>
      {bookings.map((booking) => (
        <DayItem key={booking.id} booking={booking} />
      ))}
    </Stack>
  );
}

/**
 * The calendar and the chosen day's list; mounted each time the modal opens, so it opens afresh.
 * It reads the month it shows (again when the month changes), and the chosen day's month.
 */
function CalendarContent({ nextAppointmentDate }: { nextAppointmentDate: string | null }) {
  const [selected, setSelected] = useState<string>(() => openingDay(nextAppointmentDate));
  const [shownMonth, setShownMonth] = useState(() => monthOf(selected));
  const { byDate } = useMonthAppointments(shownMonth);
  const selectedMonth = useMonthAppointments(monthOf(selected));
  const dayBookings = selectedMonth.byDate.get(selected) ?? [];
  // Away days are marked (issue 29): bookings kept over them still show on the day.
  const awayDates = useSession().user?.awayDates ?? [];
  const selectedAway = awayPeriodOn(selected, awayDates);

  return (
    <div className={classes.calendarLayout}>
      <div className={classes.calendarPicker}>
        <DatePicker
          value={selected}
          onChange={(date) => {
            if (date) setSelected(date);
          }}
          date={`${shownMonth}-01`}
          onDateChange={(date) => setShownMonth(monthOf(date))}
          highlightToday
          weekendDays={[]}
          size="md"
          classNames={{ day: classes.calendarPickerDay }}
          ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
          getDayProps={(date) => (awayPeriodOn(date, awayDates) ? { 'data-away': true } : {})}
          getDayAriaLabel={(date) => {
            const count = byDate.get(date)?.length ?? 0;
            const away = awayPeriodOn(date, awayDates) ? ', away' : '';
            const label = dayjs(date).format('D MMMM YYYY');
            return count > 0 ? `${label}${away}, ${countText(count)}` : `${label}${away}`;
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
        {awayDates.length > 0 ? (
          <Group gap={6} mt={4} c="dimmed" wrap="nowrap">
            <span className={classes.legendAway} aria-hidden="true" />
            <Text size="xs">A striped day is one you are away.</Text>
          </Group>
        ) : null}
      </div>
      <section aria-labelledby="calendar-day-title" className={classes.calendarDay}>
        <Title order={3} fz="md" id="calendar-day-title" mb="sm">
          {formatLongDate(selected)}
        </Title>
        {selectedAway ? (
          <Text size="sm" fw={600} mb="sm">
            {selectedAway.reason
              ? `You are away: ${selectedAway.reason.replace(/[.!]$/, '')}.`
              : 'You are away.'}{' '}
            Customers cannot book this day
            {dayBookings.length > 0 ? '; the bookings below stay agreed.' : '.'}
          </Text>
        ) : null}
        {selectedMonth.query.isError ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm" c="red.8" role="alert">
              {MESSAGES.failedToLoadData}
            </Text>
            <Button variant="subtle" size="compact-sm" px={0} onClick={() => selectedMonth.query.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : !selectedMonth.query.data ? (
          <div role="status" aria-label="Loading the day's bookings">
            <Skeleton height={64} radius="md" />
          </div>
        ) : (
          <DayBookings date={selected} bookings={dayBookings} />
        )}
      </section>
    </div>
  );
}

/**
 * The booking calendar (spec §2): a month calendar that marks the days with Approved or Confirmed
 * bookings, and lists the bookings of the chosen day (a column per member for a team on a wide
 * screen, api-contract §9.3).
 */
export function BookingCalendarModal({
  nextAppointmentDate,
  opened,
  onClose,
}: {
  /** The first appointment's day from today on, if any. */
  nextAppointmentDate: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery('(max-width: 36em)');
  // A team's day is a column per member on a wide screen: room for three beside the month.
  const wide = useMediaQuery(COLUMNS_QUERY);
  const teamSize = useTeam(opened && wide).data?.team.length ?? 0;
  const teamColumns = wide && teamSize > 1;
  return (
    <DeferredModal
      opened={opened}
      onClose={onClose}
      title="Booking Calendar"
      size={teamColumns ? '75rem' : 'xl'}
      fullScreen={isMobile}
      classNames={{ title: classes.modalTitle }}
    >
      <CalendarContent nextAppointmentDate={nextAppointmentDate} />
    </DeferredModal>
  );
}
