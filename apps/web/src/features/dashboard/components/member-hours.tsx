import { type Availability, DEFAULT_SLOT, minutesToTime, WEEKDAYS, type Weekday } from '@app/domain';
import { Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';

// A team member's own weekly hours (api-contract §9.3): one shift a day, in quarter hours. The
// shop's hours (Set Hours) may hold several ranges a day; a barber's own are one from-to each day.

/** Every quarter hour from 06:00 to 23:45. */
const TIMES = Array.from({ length: 72 }, (_, index) => minutesToTime(6 * 60 + index * 15));

/** The first range of each day of `hours`: where a member's own hours start from. */
export function oneShiftADay(hours: Availability | null | undefined): Availability {
  const shifts: Availability = {};
  for (const day of WEEKDAYS) {
    const first = hours?.[day]?.[0];
    if (first) shifts[day] = [{ start: first.start, end: first.end }];
  }
  return shifts;
}

/** A checkbox per weekday, and its from and to when it is worked. */
export function MemberHours({
  value,
  onChange,
  error,
}: {
  value: Availability;
  onChange: (hours: Availability) => void;
  error?: string;
}) {
  const set = (day: Weekday, shift: { start: string; end: string } | null) => {
    const next: Availability = { ...value };
    if (shift) next[day] = [shift];
    else delete next[day];
    onChange(next);
  };
  return (
    <Stack gap={6} role="group" aria-label="Their weekly hours">
      {WEEKDAYS.map((day) => {
        const shift = value[day]?.[0];
        return (
          <Group key={day} gap="xs" wrap="nowrap" align="center" mih={36}>
            <Checkbox
              label={day}
              checked={Boolean(shift)}
              onChange={(event) => set(day, event.currentTarget.checked ? { ...DEFAULT_SLOT } : null)}
              w={120}
            />
            {shift ? (
              <>
                <NativeSelect
                  aria-label={`${day} from`}
                  size="xs"
                  data={TIMES}
                  value={shift.start}
                  onChange={(event) => set(day, { ...shift, start: event.currentTarget.value })}
                />
                <Text size="xs" c="dimmed">
                  to
                </Text>
                <NativeSelect
                  aria-label={`${day} to`}
                  size="xs"
                  data={TIMES}
                  value={shift.end}
                  onChange={(event) => set(day, { ...shift, end: event.currentTarget.value })}
                />
              </>
            ) : (
              <Text size="xs" c="dimmed">
                Off
              </Text>
            )}
          </Group>
        );
      })}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
