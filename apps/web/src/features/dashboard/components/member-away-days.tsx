import {
  AWAY_REASON_MAX_LENGTH,
  awayDateBounds,
  MAX_MEMBER_AWAY_DATES,
  type MemberAwayDate,
} from '@app/domain';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import { IconTrash } from '@/components/icons';
import { addDatesStyles } from '@/lib/dates-styles';
import { awayPeriodText } from './away-dates-card';

addDatesStyles();

// A team member's own days away (api-contract §9.3, issue 32 item 2): a holiday of one barber while
// the shop stays open. Saved with the member; the shop's own away dates (Set Away Dates) hold for
// everyone either way.

/** The periods, each with its Remove, and a range to add with an optional reason. */
export function MemberAwayDays({
  name,
  value,
  onChange,
  error,
}: {
  /** Whose they are, for the buttons' names. */
  name: string;
  value: readonly MemberAwayDate[];
  onChange: (periods: MemberAwayDate[]) => void;
  error?: string | undefined;
}) {
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const [reason, setReason] = useState('');
  const bounds = awayDateBounds();
  const [startDate, endDate] = range;
  const add = () => {
    if (!startDate) return;
    const period = { startDate, endDate: endDate ?? startDate, reason: reason.trim() || null };
    onChange([...value, period].sort((a, b) => a.startDate.localeCompare(b.startDate)));
    setRange([null, null]);
    setReason('');
  };
  const who = name.trim() || 'this team member';
  return (
    <Stack gap={6} role="group" aria-label="Their days away">
      <Text size="sm" fw={700}>
        Days away
      </Text>
      <Text size="xs" c="dimmed">
        Customers cannot book {who} on these days; the rest of the team stays bookable.
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          None of their own.
        </Text>
      ) : (
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {value.map((period) => {
            const when = awayPeriodText(period.startDate, period.endDate);
            return (
              <Group component="li" key={`${period.startDate}/${period.endDate}`} gap="xs" wrap="nowrap">
                <Text size="sm" style={{ flex: 1 }}>
                  {when}
                  {period.reason ? ` · ${period.reason}` : ''}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${when} away`}
                  onClick={() => onChange(value.filter((other) => other !== period))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      {value.length < MAX_MEMBER_AWAY_DATES ? (
        <Group gap="xs" align="flex-end">
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label="First and last day away"
            value={range}
            onChange={setRange}
            minDate={bounds.min}
            maxDate={bounds.max}
            valueFormat="D MMM YYYY"
            size="md"
            style={{ flex: '1 1 12rem' }}
          />
          <TextInput
            label="Reason (optional)"
            value={reason}
            maxLength={AWAY_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.currentTarget.value)}
            style={{ flex: '1 1 9rem' }}
          />
          <Button variant="default" onClick={add} disabled={!startDate}>
            Add Days Away
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
