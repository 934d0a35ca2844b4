import {
  type Availability,
  availabilitySlotProblem,
  invalidTimeSlotFor,
  MESSAGES,
  newDefaultSlot,
  normaliseAvailabilityLenient,
  type TimeRange,
  timeSlotOptions,
  type UserProfile,
  validateAvailability,
  WEEKDAYS,
  type Weekday,
} from '@app/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { IconTrash } from '@/components/icons';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { getAccessToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { checkAvailability, updateAvailability } from '../api/update-availability';
import { useScheduleChange } from '../api/use-schedule-change';
import { showFailure } from '../utils/errors';
import { AgreedBookingsDialog, cancelledText } from './agreed-bookings-dialog';
import { BusinessProfileGate } from './business-profile-gate';
import classes from './dashboard.module.css';

interface DraftSlot extends TimeRange {
  /** A stable key for React while ranges are added and removed. */
  key: number;
}
type Draft = Record<Weekday, DraftSlot[]>;

const TIME_OPTIONS = timeSlotOptions();

/** The half-hour options, plus a stored time that is not one of them so it still shows. */
const optionsWith = (value: string) =>
  TIME_OPTIONS.includes(value) ? TIME_OPTIONS : [...TIME_OPTIONS, value].sort();

/** The ranges as they would be saved: days without ranges left out. */
function availabilityOf(draft: Draft): Availability {
  const availability: Availability = {};
  for (const day of WEEKDAYS) {
    if (draft[day].length > 0) availability[day] = draft[day].map(({ start, end }) => ({ start, end }));
  }
  return availability;
}

const sameAvailability = (a: Availability, b: Availability) =>
  JSON.stringify(normaliseAvailabilityLenient(a)) === JSON.stringify(normaliseAvailabilityLenient(b));

function DayHours({
  day,
  slots,
  onAdd,
  onChange,
  onRemove,
}: {
  day: Weekday;
  slots: DraftSlot[];
  onAdd: () => void;
  onChange: (key: number, change: Partial<TimeRange>) => void;
  onRemove: (key: number) => void;
}) {
  const titleId = `hours-${day.toLowerCase()}`;
  const hasInvertedSlot = slots.some((slot) => slot.start >= slot.end);
  // Overlaps are only worth saying once every range of the day is the right way round.
  const overlap = hasInvertedSlot ? null : availabilitySlotProblem({ [day]: slots });

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId} className={classes.dayCard}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Title order={3} fz="md" id={titleId}>
          {day}
        </Title>
        <Badge variant="light" color={slots.length > 0 ? 'brand' : 'gray'} tt="none" aria-hidden="true">
          {slots.length > 0 ? `${slots.length} ${slots.length === 1 ? 'range' : 'ranges'}` : 'Closed'}
        </Badge>
      </Group>
      <Stack gap="xs">
        {slots.length === 0 ? (
          <Text c="dimmed" size="sm">
            No hours: closed on {day}s.
          </Text>
        ) : (
          slots.map((slot, index) => {
            const name = `${day} slot ${index + 1}`;
            const isInverted = slot.start >= slot.end;
            return (
              <div key={slot.key}>
                <Group gap="xs" wrap="nowrap" align="center">
                  <NativeSelect
                    aria-label={`${name} start`}
                    data={optionsWith(slot.start)}
                    value={slot.start}
                    onChange={(event) => onChange(slot.key, { start: event.currentTarget.value })}
                    error={isInverted}
                    size="sm"
                    className={classes.timeSelect}
                  />
                  <Text size="sm" c="dimmed" aria-hidden="true">
                    to
                  </Text>
                  <NativeSelect
                    aria-label={`${name} end`}
                    data={optionsWith(slot.end)}
                    value={slot.end}
                    onChange={(event) => onChange(slot.key, { end: event.currentTarget.value })}
                    error={isInverted}
                    size="sm"
                    className={classes.timeSelect}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(slot.key)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {isInverted ? (
                  <Text size="xs" c="red.8" mt={4}>
                    {invalidTimeSlotFor(day)}
                  </Text>
                ) : null}
              </div>
            );
          })
        )}
        {overlap ? (
          <Text size="xs" c="red.8">
            {overlap.message}
          </Text>
        ) : null}
        <Button variant="subtle" size="sm" onClick={onAdd} className={classes.selfStart} px="xs">
          + Add Hours
        </Button>
      </Stack>
    </Paper>
  );
}

function HoursEditor({ profile }: { profile: UserProfile }) {
  const saved = useMemo(() => normaliseAvailabilityLenient(profile.availability), [profile.availability]);
  const nextKey = useRef(0);
  const toDraft = (availability: Availability): Draft =>
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        (availability[day] ?? []).map((range) => ({ ...range, key: nextKey.current++ })),
      ]),
    ) as Draft;
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  // Narrowed over agreed bookings, it asks first whether to keep or cancel them (issue 29).
  const schedule = useScheduleChange({
    kind: 'availability',
    check: checkAvailability,
    save: updateAvailability,
  });
  const saving = useSingleFlight();

  const isDirty = !sameAvailability(availabilityOf(draft), saved);

  const editDay = (day: Weekday, edit: (slots: DraftSlot[]) => DraftSlot[]) =>
    setDraft((current) => ({ ...current, [day]: edit(current[day]) }));

  const save = () => {
    if (saving.isInFlight()) return;
    const availability = availabilityOf(draft);
    const problem = validateAvailability(availability);
    if (problem) {
      toast.error({ title: problem.title, message: problem.message });
      return;
    }
    void saving.run(() =>
      schedule.save(availability).then(
        (saved) => {
          if (!saved) return; // backed out: the draft stays unsaved
          setDraft(toDraft(normaliseAvailabilityLenient(saved.profile.availability ?? availability)));
          toast.success(
            saved.cancelled > 0
              ? { title: 'Availability updated', message: cancelledText(saved.cancelled) }
              : 'Availability updated',
          );
        },
        (error) =>
          showFailure(error, {
            title: MESSAGES.failedToUpdateAvailability,
            fallback: MESSAGES.failedToSaveAvailability,
          }),
      ),
    );
  };

  return (
    <Stack gap="md">
      {/* Unsaved ranges: the browser asks before a reload or close, the app before another page.
          Once signed out (logout, an expired session) they could not be saved anyway. */}
      <UnsavedChangesGuard isDirty={() => isDirty && getAccessToken() !== null} />
      <div>
        <Title order={2} fz="h3">
          Weekly Hours
        </Title>
        <Text c="dimmed" size="sm">
          Customers can book appointments that fit inside these times. Times run from 08:00 to 22:00.
        </Text>
      </div>
      <Paper withBorder p="sm" className={classes.saveBar}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c={isDirty ? 'dark.6' : 'dimmed'} fw={isDirty ? 600 : 400} aria-live="polite">
            {isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
          </Text>
          <Group gap="xs" wrap="nowrap" ml="auto">
            {isDirty ? (
              <Button
                variant="default"
                size="sm"
                onClick={() => setDraft(toDraft(saved))}
                disabled={schedule.isPending}
              >
                Discard Changes
              </Button>
            ) : null}
            <Button size="sm" onClick={save} loading={schedule.isPending}>
              Save Hours
            </Button>
          </Group>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {WEEKDAYS.map((day) => (
          <DayHours
            key={day}
            day={day}
            slots={draft[day]}
            onAdd={() => editDay(day, (slots) => [...slots, { ...newDefaultSlot(), key: nextKey.current++ }])}
            onChange={(key, change) =>
              editDay(day, (slots) => slots.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)))
            }
            onRemove={(key) => editDay(day, (slots) => slots.filter((slot) => slot.key !== key))}
          />
        ))}
      </SimpleGrid>
      <AgreedBookingsDialog question={schedule.question} onDecide={schedule.decide} onBack={schedule.back} />
    </Stack>
  );
}

/** The Set Hours tab (spec §2, §5 'Availability (admin)'): weekly time ranges per weekday. */
export function SetHoursPanel() {
  return (
    <BusinessProfileGate loadingLabel="Loading your hours" failedMessage={MESSAGES.failedToLoadAvailability}>
      {(profile) => <HoursEditor profile={profile} />}
    </BusinessProfileGate>
  );
}
