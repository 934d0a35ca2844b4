import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { formatLongDate } from '@/lib/booking-format';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useLeaveWaitlist, useWaitlist } from '../api/waitlist';

/**
 * The days the customer waits for a time (api-contract §9.4), each with Remove; shown only when
 * there are some. An entry ends by itself when its day passes or the customer asks for a time there.
 */
export function WaitlistCard() {
  const isCustomer = useSession().userType === 'User';
  const entries = useWaitlist(isCustomer).data?.entries ?? [];
  const leave = useLeaveWaitlist();
  if (entries.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="waitlist-title">
      <Title order={2} fz="h4" id="waitlist-title" mb={4}>
        Waiting for a Time
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        We email you once if a time opens on these days.
      </Text>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Group component="li" key={entry.id} justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Anchor component={Link} to={paths.booking.getHref(entry.businessId)} fw={600}>
                {entry.businessName}
              </Anchor>
              <Text size="sm">{formatLongDate(entry.date)}</Text>
            </div>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={`Stop waiting for ${entry.businessName} on ${formatLongDate(entry.date)}`}
              loading={leave.isPending && leave.variables === entry.id}
              onClick={() =>
                leave.mutate(entry.id, {
                  onError: (error) =>
                    toast.error({
                      title: 'Could not remove it',
                      message: serverMessageOf(error) ?? 'Please try again.',
                    }),
                })
              }
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
