import { addDays, bookingCalendarMonths, formatDuration, groupSlotsByDate } from '@app/domain';
import { Alert, Box, Button, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
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
  /** How long the chosen service takes (api-contract §9.3). */
  durationMinutes: number;
}

/** Step 1: a day from the next four weeks (days without a free time are disabled), then a time. */
export function DateTimeStep({
  businessName,
  slots,
  selectedSlot,
  onSelectSlot,
  durationMinutes,
}: DateTimeStepProps) {
  const slotsByDate = useMemo(() => groupSlotsByDate(slots), [slots]);
  const slotDates = useMemo(() => Object.keys(slotsByDate), [slotsByDate]);
  const weeks = useMemo(() => bookingCalendarWeeks(slotDates), [slotDates]);
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [focusedDate, setFocusedDate] = useState<string | null>(null);
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
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
  const isFree = (date: string) => (slotsByDate[date]?.length ?? 0) > 0;
  const firstDate = visibleDates[0] ?? '';
  const lastDate = visibleDates.at(-1) ?? '';
  // One Tab stop for the whole calendar (issue 29, item 20; WAI-ARIA's roving tabindex): the day
  // last moved to, else the chosen one. A booking took 51 Tabs with one stop per day.
  const tabStop = [focusedDate, selectedDate].find((date): date is string => !!date && isFree(date));

  /** The free day `step` days on from `from`, passing days without a free time; none past the window. */
  const freeDayFrom = (from: string, step: number): string | undefined => {
    for (let date = addDays(from, step); date >= firstDate && date <= lastDate; date = addDays(date, step)) {
      if (isFree(date)) return date;
    }
    return undefined;
  };
  const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };
  /** Arrows move a day (left, right) or a week (up, down); Home and End go to the first and last free day. */
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = event.target instanceof HTMLElement ? event.target.dataset.date : undefined;
    if (!from) return;
    const step = ARROW_STEPS[event.key];
    const target =
      step !== undefined
        ? freeDayFrom(from, step)
        : event.key === 'Home'
          ? visibleDates.find(isFree)
          : event.key === 'End'
            ? visibleDates.findLast(isFree)
            : undefined;
    if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    if (!target) return;
    setFocusedDate(target);
    dayButtons.current.get(target)?.focus();
  };

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
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the day buttons inside */}
          <div className={classes.calendar} onKeyDown={moveFocus}>
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
                  ref={(button: HTMLButtonElement | null) => {
                    if (button) dayButtons.current.set(date, button);
                    else dayButtons.current.delete(date);
                  }}
                  data-date={date}
                  tabIndex={date === tabStop ? 0 : -1}
                  onFocus={() => setFocusedDate(date)}
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
              The appointment lasts {formatDuration(durationMinutes)}. Choosing a time takes you to the next
              step.
            </Text>
          </Stack>
        ) : null}
      </Box>
    </SimpleGrid>
  );
}
