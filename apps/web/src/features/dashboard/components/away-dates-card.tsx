import {
  AWAY_CALENDAR_MONTHS,
  AWAY_REASON_MAX_LENGTH,
  type AwayDateEntry,
  type AwayDateResponse,
  addDays,
  awayDateBounds,
  awayDateError,
  isDateAway,
  MESSAGES,
  type UserProfile,
} from '@app/domain';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { IconCalendar, IconTrash } from '@/components/icons';
import { formatShortDate } from '@/lib/booking-format';
import { compareIsoText } from '@/lib/booking-order';
import { addDatesStyles } from '@/lib/dates-styles';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { checkAwayDates, updateAwayDates } from '../api/update-away-dates';
import { useScheduleChange } from '../api/use-schedule-change';
import { showFailure } from '../utils/errors';
import { AgreedBookingsDialog, cancelledText } from './agreed-bookings-dialog';
import classes from './dashboard.module.css';

addDatesStyles();

/** (ours) A chosen range that runs over days already covered by an away period. */
export const AWAY_RANGE_COVERED = 'These dates include days you are already away. Choose other dates.';

type Range = DatesRangeValue<string>;

/** 'Mon 6 Apr 2026 – Fri 10 Apr 2026', or one day alone. */
export function awayPeriodText(startDate: string, endDate: string): string {
  return startDate === endDate
    ? formatShortDate(startDate)
    : `${formatShortDate(startDate)} – ${formatShortDate(endDate)}`;
}

/** What the server already has, sent back unchanged so it keeps each entry's id and createdAt. */
const storedEntry = ({
  id,
  startDate,
  endDate,
  reason,
  createdAt,
  status,
}: AwayDateResponse): AwayDateEntry => ({
  id,
  startDate,
  endDate,
  ...(reason ? { reason } : {}),
  createdAt,
  // The server stores only 'active' periods (the one status a request may carry).
  ...(status === 'active' ? { status } : {}),
});

function rangeCoversAwayDay(
  startDate: string,
  endDate: string,
  awayDates: readonly AwayDateResponse[],
): boolean {
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    if (isDateAway(date, awayDates)) return true;
  }
  return false;
}

/**
 * Away dates (spec §2): a two-month calendar from today up to one year ahead, past and already
 * covered days disabled, an optional reason of at most 100 characters, and the current list.
 * Every change sends the whole list (PUT /user/away-dates).
 */
export function AwayDatesCard({ profile }: { profile: UserProfile }) {
  const awayDates = useMemo(
    () => [...(profile.awayDates ?? [])].sort((a, b) => compareIsoText(a.startDate, b.startDate)),
    [profile.awayDates],
  );
  const bounds = awayDateBounds();
  const [range, setRange] = useState<Range>([null, null]);
  const [reason, setReason] = useState('');
  // Over agreed bookings, it asks first whether to keep or cancel them (issue 29).
  const schedule = useScheduleChange({ kind: 'awayDates', check: checkAwayDates, save: updateAwayDates });
  // Adding and removing both send the whole list: one change at a time.
  const saving = useSingleFlight();
  const [removingId, setRemovingId] = useState<string | null>(null);

  const [startDate, endDate] = range;
  const lastDate = endDate ?? startDate;
  const coversAwayDay = startDate && lastDate ? rangeCoversAwayDay(startDate, lastDate, awayDates) : false;
  const entryError =
    startDate && lastDate
      ? awayDateError({ startDate, endDate: lastDate, reason }, { today: bounds.min, isNew: true })
      : null;
  const problem = coversAwayDay ? AWAY_RANGE_COVERED : (entryError?.message ?? null);

  const add = () => {
    if (!startDate || !lastDate || problem || saving.isInFlight()) return;
    const reasonText = reason.trim();
    const entry: AwayDateEntry = {
      startDate,
      endDate: lastDate,
      ...(reasonText ? { reason: reasonText } : {}),
    };
    void saving.run(() =>
      schedule.save([...awayDates.map(storedEntry), entry]).then(
        (saved) => {
          if (!saved) return; // backed out: the selection stays
          setRange([null, null]);
          setReason('');
          toast.success({
            title: MESSAGES.awayDatesAdded,
            message:
              saved.cancelled > 0
                ? `${awayPeriodText(startDate, lastDate)}. ${cancelledText(saved.cancelled)}`
                : awayPeriodText(startDate, lastDate),
          });
        },
        (error) =>
          showFailure(error, {
            title: MESSAGES.failedToSaveAwayDates,
            fallback: MESSAGES.failedToSaveAwayDates,
          }),
      ),
    );
  };

  const remove = (away: AwayDateResponse) => {
    void saving.run(() => {
      setRemovingId(away.id);
      return schedule
        .save(awayDates.filter((entry) => entry.id !== away.id).map(storedEntry))
        .then(
          () =>
            toast.success({
              title: 'Away dates removed',
              message: awayPeriodText(away.startDate, away.endDate),
            }),
          (error) =>
            showFailure(error, {
              title: MESSAGES.failedToSaveAwayDates,
              fallback: MESSAGES.failedToSaveAwayDates,
            }),
        )
        .finally(() => setRemovingId(null));
    });
  };

  const selectionText = startDate
    ? `Selected: ${awayPeriodText(startDate, lastDate ?? startDate)}`
    : 'Choose the first and last day you are away (click one day twice for a single day).';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="away-dates-title">
      <Title order={2} fz="h4" id="away-dates-title" mb={4}>
        Away Dates
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Customers cannot book you on these days. You can set them up to one year ahead.
      </Text>

      <Stack gap="md">
        <div className={classes.awayCalendar}>
          <DatePicker
            type="range"
            allowSingleDateInRange
            value={range}
            onChange={setRange}
            numberOfColumns={AWAY_CALENDAR_MONTHS}
            minDate={bounds.min}
            maxDate={bounds.max}
            excludeDate={(date) => isDateAway(date, awayDates)}
            hideOutsideDates
            weekendDays={[]}
            classNames={{ levelsGroup: classes.awayMonths }}
            ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
          />
        </div>
        <Text size="sm" aria-live="polite" fw={startDate ? 600 : 400} c={startDate ? undefined : 'dimmed'}>
          {selectionText}
        </Text>
        <TextInput
          label="Reason (optional)"
          placeholder="e.g. Holiday"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={AWAY_REASON_MAX_LENGTH}
          description={`${reason.length}/${AWAY_REASON_MAX_LENGTH} characters`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={entryError?.field === 'reason' ? entryError.message : null}
        />
        {problem && entryError?.field !== 'reason' ? (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            onClick={add}
            disabled={!startDate || problem !== null || (schedule.isPending && removingId !== null)}
            loading={schedule.isPending && removingId === null}
          >
            Add Away Dates
          </Button>
          {startDate ? (
            <Button variant="default" onClick={() => setRange([null, null])} disabled={schedule.isPending}>
              Clear Selection
            </Button>
          ) : null}
        </Group>

        <div>
          <Title order={3} fz="md" mb="xs" id="away-list-title">
            Your away dates
          </Title>
          {awayDates.length === 0 ? (
            <Text c="dimmed" size="sm">
              No away dates set.
            </Text>
          ) : (
            <Stack component="ul" gap="xs" className={classes.plainList} aria-labelledby="away-list-title">
              {awayDates.map((away) => {
                const period = awayPeriodText(away.startDate, away.endDate);
                const isPast = away.endDate < bounds.min;
                return (
                  <Paper component="li" key={away.id} withBorder p="xs" px="sm" radius="md">
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" className={classes.minWidth0}>
                        <span className={classes.listIcon}>
                          <IconCalendar size={18} />
                        </span>
                        <div className={classes.minWidth0}>
                          <Text size="sm" fw={600}>
                            {period}
                            {isPast ? (
                              <Badge ml="xs" size="xs" color="gray" variant="light">
                                Past
                              </Badge>
                            ) : null}
                          </Text>
                          {away.reason ? (
                            <Text size="sm" c="dimmed" className={classes.breakWord}>
                              {away.reason}
                            </Text>
                          ) : null}
                        </div>
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove away dates ${period}`}
                        onClick={() => remove(away)}
                        loading={removingId === away.id}
                        disabled={schedule.isPending && removingId !== away.id}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </div>
      </Stack>
      <AgreedBookingsDialog question={schedule.question} onDecide={schedule.decide} onBack={schedule.back} />
    </Paper>
  );
}
