import { addDays, bookingWindow } from '@app/domain';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '@/lib/auth';
import { formatLongDate } from '@/lib/booking-format';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useJoinWaitlist } from '../api/waitlist';

// The waiting list (api-contract §9.4, issue 33 item 2): on the Date & Time step, a customer who
// finds a day full, or wants a time that day that is not offered, asks to hear when one opens.

/** Every day of the booking window, from today. */
function windowDays(): string[] {
  const { first, last } = bookingWindow();
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export function WaitForADay({
  businessId,
  businessName,
  freeDays,
  preferredDay,
  onSignIn,
}: {
  businessId: string;
  businessName: string;
  /** Days with a free time: the others are marked. */
  freeDays: ReadonlySet<string>;
  /** The day chosen in the calendar, else the first full day. */
  preferredDay: string | null;
  /** A visitor signs in first (back here after). */
  onSignIn: () => void;
}) {
  const days = windowDays();
  const [day, setDay] = useState(() => preferredDay ?? days.find((one) => !freeDays.has(one)) ?? days[0]!);
  const join = useJoinWaitlist();
  const signedIn = useSession().isAuthenticated;
  const ask = () => {
    if (!signedIn) {
      onSignIn();
      return;
    }
    join.mutate(
      { businessId, date: day },
      {
        onSuccess: () => toast.success(`We will email you if a time opens on ${formatLongDate(day)}`),
        onError: (error) =>
          toast.error({
            title: 'Could not add you to the waiting list',
            message: serverMessageOf(error) ?? 'Please try again.',
          }),
      },
    );
  };
  return (
    <Stack gap={6} component="section" aria-labelledby="wait-for-a-day-title">
      <Text fw={700} size="sm" id="wait-for-a-day-title">
        Day full, or no time that suits?
      </Text>
      <Text size="sm" c="dimmed">
        {businessName} may have a time come free. We email you once if one opens that day.
      </Text>
      <Group gap="xs" align="flex-end">
        <NativeSelect
          label="Day"
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          data={days.map((one) => ({
            value: one,
            label: `${formatLongDate(one)}${freeDays.has(one) ? '' : ' (no free time)'}`,
          }))}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="default" onClick={ask} loading={join.isPending}>
          Tell Me If a Time Opens
        </Button>
      </Group>
    </Stack>
  );
}
