import { type TimeRange, timeSlotOptions, WEEKDAYS, type Weekday } from '@app/domain';
import { Button, Group, Input, NativeSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  addSlot,
  type DayHours,
  formatRange,
  removeSlot,
  setDayEnabled,
  spokenRange,
  updateSlot,
  type WeeklyHours,
} from '../utils/weekly-hours';
import classes from './invite-page.module.css';

const TIME_OPTIONS = timeSlotOptions();

/** The one range being edited (at most one at a time), with its unsaved ends. */
interface EditingRange extends TimeRange {
  day: Weekday;
  index: number;
}

/**
 * Step 3 'Business Hours' (spec §2): a card per weekday with an enable toggle; ranges can be
 * viewed, edited (start and end selects, Save), removed or added ('+ Add Hours', 09:00-17:00).
 * NOTE: as the spec says, the wizard does not check that a range starts before it ends; the
 * server does, and its message is shown if it refuses.
 */
export function HoursStep({
  hours,
  onChange,
  error,
}: {
  hours: WeeklyHours;
  onChange: (hours: WeeklyHours) => void;
  error?: ReactNode;
}) {
  const [editing, setEditing] = useState<EditingRange | null>(null);

  /** Any change other than picking a time ends an edit, so the edited index stays right. */
  const change = (next: WeeklyHours) => {
    setEditing(null);
    onChange(next);
  };

  const save = () => {
    if (!editing) return;
    const { day, index, start, end } = editing;
    change(updateSlot(hours, day, index, { start, end }));
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Switch on the days you work and set the hours customers can book. You can change these later from your
        dashboard.
      </Text>
      <div className={classes.dayGrid}>
        {WEEKDAYS.map((day) => (
          <DayCard
            key={day}
            day={day}
            hours={hours[day]}
            editing={editing?.day === day ? editing : null}
            onToggle={(enabled) => change(setDayEnabled(hours, day, enabled))}
            onAdd={() => change(addSlot(hours, day))}
            onRemove={(index) => change(removeSlot(hours, day, index))}
            onEdit={(index) => {
              const slot = hours[day].slots[index];
              if (slot) setEditing({ day, index, ...slot });
            }}
            onEditChange={(range) => setEditing((current) => (current ? { ...current, ...range } : current))}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ))}
      </div>
      {error ? (
        <Input.Error id="invite-availability-error" role="alert" size="md">
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
}

function DayCard({
  day,
  hours,
  editing,
  onToggle,
  onAdd,
  onRemove,
  onEdit,
  onEditChange,
  onSave,
  onCancel,
}: {
  day: Weekday;
  hours: DayHours;
  editing: EditingRange | null;
  onToggle: (enabled: boolean) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onEdit: (index: number) => void;
  onEditChange: (range: Partial<TimeRange>) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { enabled, slots } = hours;
  const summary = !enabled
    ? 'Closed'
    : slots.length === 0
      ? 'No hours yet'
      : `${slots.length} ${slots.length === 1 ? 'range' : 'ranges'}`;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      className={classes.dayCard}
      data-enabled={enabled || undefined}
      role="group"
      aria-label={`${day} hours`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Switch
          label={day}
          size="md"
          checked={enabled}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          classNames={{ label: classes.dayName }}
        />
        <Text size="sm" c={enabled ? 'brand.8' : 'dimmed'} fw={600}>
          {summary}
        </Text>
      </Group>

      {enabled ? (
        <Stack gap="xs" mt="sm">
          {slots.length > 0 ? (
            <ul className={classes.slotList}>
              {slots.map((slot, index) => {
                const edit = editing?.index === index ? editing : null;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no id; their position is their identity
                  <li key={index} className={edit ? classes.slotEditor : classes.slotRow}>
                    {edit ? (
                      <>
                        <NativeSelect
                          label="Start time"
                          size="sm"
                          data={TIME_OPTIONS}
                          value={edit.start}
                          onChange={(event) => onEditChange({ start: event.currentTarget.value })}
                        />
                        <NativeSelect
                          label="End time"
                          size="sm"
                          data={TIME_OPTIONS}
                          value={edit.end}
                          onChange={(event) => onEditChange({ end: event.currentTarget.value })}
                        />
                        <Group gap="xs" className={classes.slotEditorActions} wrap="nowrap">
                          <Button size="sm" variant="default" onClick={onCancel}>
                            Cancel
                          </Button>
                          <Button size="sm" onClick={onSave}>
                            Save
                          </Button>
                        </Group>
                      </>
                    ) : (
                      <>
                        <Text fw={600} className={classes.time}>
                          {formatRange(slot)}
                        </Text>
                        <Group gap={4} wrap="nowrap" className={classes.slotActions}>
                          <Button
                            size="sm"
                            variant="subtle"
                            px={8}
                            aria-label={`Edit ${day} ${spokenRange(slot)}`}
                            onClick={() => onEdit(index)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="subtle"
                            color="red"
                            px={8}
                            aria-label={`Remove ${day} ${spokenRange(slot)}`}
                            onClick={() => onRemove(index)}
                          >
                            Remove
                          </Button>
                        </Group>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <Text size="sm" c="dimmed">
              No working hours on {day} yet.
            </Text>
          )}
          <Button variant="light" size="sm" onClick={onAdd} className={classes.addButton}>
            + Add Hours
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="sm">
          Enable this day to set working hours
        </Text>
      )}
    </Paper>
  );
}
