import { bookingCalendarMonths, groupSlotsByDate } from '@app/domain';
import { Alert, Box, Button, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { IconCalendar } from '@/components/icons';
import { paths } from '@/config/paths';
import { formatLongDate } from '@/lib/booking-format';
import {
  bookingCalendarWeeks,
  dayOfMonth,
  formatDayWithoutYear,
  shortMonth,
  WEEKDAY_INITIALS,
} from '../utils/booking-time';
import classes from './booking-wizard.module.css';

interface DateTimeStepProps {
  businessName: string;
  /** The server's bookable starts 'YYYY-MM-DD HH:MM': taken hours and away days are simply absent. */
  slots: readonly string[];
  selectedSlot: string | null;
  onSelectSlot: (slot: string) => void;
}

/** Step 1: a day from the next four weeks (days without a free hour are disabled), then an hour. */
export function DateTimeStep({ businessName, slots, selectedSlot, onSelectSlot }: DateTimeStepProps) {
  const slotsByDate = useMemo(() => groupSlotsByDate(slots), [slots]);
  const slotDates = useMemo(() => Object.keys(slotsByDate), [slotsByDate]);
  const weeks = useMemo(() => bookingCalendarWeeks(slotDates), [slotDates]);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const timesRef = useRef<HTMLDivElement>(null);

  const selectedSlotDate = selectedSlot?.split(' ')[0];
  const selectedDate =
    [chosenDate, selectedSlotDate, slotDates[0]].find(
      (date): date is string => !!date && (slotsByDate[date]?.length ?? 0) > 0,
    ) ?? null;
  const times = selectedDate ? (slotsByDate[selectedDate] ?? []) : [];

  if (slotDates.length === 0) {
    return (
      <Alert color="orange" variant="light" title="No free times" icon={<IconCalendar />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {businessName} has no free times in the next 4 weeks. Please try another barber.
          </Text>
          <Button component={Link} to={paths.businesses.getHref()} variant="white" color="orange">
            Browse Businesses
          </Button>
        </Stack>
      </Alert>
    );
  }

  const visibleDates = weeks.flat().filter((date): date is string => date !== null);

  const chooseDate = (date: string) => {
    setChosenDate(date);
    // On a phone the times sit below the calendar: bring them into view.
    requestAnimationFrame(() => timesRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 40 }}>
      <Stack gap="xs">
        <fieldset className={classes.fieldset}>
          <legend className={classes.legend}>{bookingCalendarMonths(slotDates)}</legend>
          <div className={classes.calendar}>
            {WEEKDAY_INITIALS.map((day) => (
              <div key={day} className={classes.weekday} aria-hidden="true">
                {day}
              </div>
            ))}
            {weeks.flat().map((date, index) => {
              if (!date) {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before and after the window
                return <div key={`blank-${index}`} aria-hidden="true" />;
              }
              const freeCount = slotsByDate[date]?.length ?? 0;
              const isSelected = date === selectedDate;
              const showMonth = dayOfMonth(date) === 1 || date === visibleDates[0];
              return (
                <UnstyledButton
                  key={date}
                  className={classes.day}
                  aria-label={formatLongDate(date)}
                  aria-pressed={isSelected}
                  data-selected={isSelected || undefined}
                  disabled={freeCount === 0}
                  onClick={() => chooseDate(date)}
                >
                  <span className={classes.dayNumber}>{dayOfMonth(date)}</span>
                  <span className={classes.dayMeta}>{showMonth ? shortMonth(date) : ''}</span>
                  {freeCount > 0 ? <span className={classes.dayDot} /> : null}
                </UnstyledButton>
              );
            })}
          </div>
        </fieldset>
        <Text size="sm" c="dimmed">
          Days without a free time are greyed out.
        </Text>
      </Stack>

      <Box ref={timesRef} className={classes.times}>
        {selectedDate ? (
          <Stack gap="sm">
            <Title order={3} fz="md" id="booking-times-label">
              Times on {formatDayWithoutYear(selectedDate)}
            </Title>
            <SimpleGrid
              cols={{ base: 3, xs: 4, md: 3 }}
              spacing="sm"
              role="group"
              aria-labelledby="booking-times-label"
            >
              {times.map((time) => {
                const slot = `${selectedDate} ${time}`;
                const isSelected = slot === selectedSlot;
                return (
                  <Button
                    key={slot}
                    size="lg"
                    px={4}
                    variant={isSelected ? 'filled' : 'default'}
                    aria-pressed={isSelected}
                    className={classes.time}
                    onClick={() => onSelectSlot(slot)}
                  >
                    {time}
                  </Button>
                );
              })}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Each appointment lasts one hour. Choosing a time takes you to the next step.
            </Text>
          </Stack>
        ) : null}
      </Box>
    </SimpleGrid>
  );
}
