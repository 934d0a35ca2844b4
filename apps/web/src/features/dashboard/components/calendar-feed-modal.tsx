import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useCreateCalendarFeedMutation } from '../api/create-calendar-feed';
import { useRevokeCalendarFeedMutation } from '../api/revoke-calendar-feed';
import { showFailure } from '../utils/errors';
import classes from './dashboard.module.css';

export const CALENDAR_FEED_TEXT = {
  title: 'Subscribe to your bookings',
  intro:
    'Get a private link to your agreed bookings that your calendar app keeps up to date, cancellations included.',
  howTo:
    'In Google Calendar choose Other calendars › From URL, in Apple Calendar File › New Calendar Subscription, in Outlook Add calendar › Subscribe from web, and paste the link.',
  secret: 'Anyone with this link can see your bookings, so keep it private.',
  create: 'Create calendar link',
  createNote: 'Creating a link turns off any link you made before.',
  rotate: 'Get a new link',
  rotateNote: 'A new link turns this one off: calendars subscribed to it stop updating.',
  revoke: 'Turn off link',
  created: 'Your calendar link is ready',
  rotated: 'New calendar link made; the old one no longer works',
  revoked: 'Calendar link turned off',
  revokedNote: 'Your calendar link is off. Calendars subscribed to it stop updating.',
  createFailed: 'Failed to create the calendar link',
  revokeFailed: 'Failed to turn off the calendar link',
} as const;

/**
 * The business's calendar feed (api-contract §8.5): create a secret URL, copy it, make a new one
 * (the old stops working) or turn it off. The server keeps only a hash, so the link is shown once,
 * right after it is made; a link made earlier cannot be shown again, only replaced or turned off.
 */
export function CalendarFeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [isRevoked, setIsRevoked] = useState(false);
  const createFeed = useCreateCalendarFeedMutation();
  const revokeFeed = useRevokeCalendarFeedMutation();
  const busy = useSingleFlight();
  const isBusy = createFeed.isPending || revokeFeed.isPending;

  const create = () =>
    busy.run(async () => {
      const rotating = url !== null;
      try {
        const feed = await createFeed.mutateAsync();
        setUrl(feed.url);
        setIsRevoked(false);
        toast.success(rotating ? CALENDAR_FEED_TEXT.rotated : CALENDAR_FEED_TEXT.created);
      } catch (error) {
        showFailure(error, {
          title: CALENDAR_FEED_TEXT.createFailed,
          fallback: CALENDAR_FEED_TEXT.createFailed,
        });
      }
    });

  const revoke = () =>
    busy.run(async () => {
      try {
        await revokeFeed.mutateAsync();
        setUrl(null);
        setIsRevoked(true);
        toast.success(CALENDAR_FEED_TEXT.revoked);
      } catch (error) {
        showFailure(error, {
          title: CALENDAR_FEED_TEXT.revokeFailed,
          fallback: CALENDAR_FEED_TEXT.revokeFailed,
        });
      }
    });

  return (
    <DeferredModal
      classNames={{ title: classes.modalTitle }}
      opened={opened}
      onClose={onClose}
      title={CALENDAR_FEED_TEXT.title}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{CALENDAR_FEED_TEXT.intro}</Text>
        <Text size="sm" c="dimmed">
          {CALENDAR_FEED_TEXT.howTo}
        </Text>
        {url ? (
          <>
            <TextInput
              label="Your calendar link"
              description={CALENDAR_FEED_TEXT.secret}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group gap="sm" wrap="wrap">
              <CopyButton value={url} timeout={2000}>
                {({ copied, copy }) => (
                  <Button onClick={copy} color={copied ? 'teal' : undefined} aria-live="polite">
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={create} loading={createFeed.isPending} disabled={isBusy}>
                {CALENDAR_FEED_TEXT.rotate}
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={revoke}
                loading={revokeFeed.isPending}
                disabled={isBusy}
              >
                {CALENDAR_FEED_TEXT.revoke}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {CALENDAR_FEED_TEXT.rotateNote}
            </Text>
          </>
        ) : (
          <>
            {isRevoked ? (
              <Alert color="gray" variant="light">
                {CALENDAR_FEED_TEXT.revokedNote}
              </Alert>
            ) : null}
            <Group gap="sm" wrap="wrap">
              <Button onClick={create} loading={createFeed.isPending} disabled={isBusy}>
                {CALENDAR_FEED_TEXT.create}
              </Button>
              {isRevoked ? null : (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={revoke}
                  loading={revokeFeed.isPending}
                  disabled={isBusy}
                >
                  {CALENDAR_FEED_TEXT.revoke}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {CALENDAR_FEED_TEXT.createNote}
            </Text>
          </>
        )}
      </Stack>
    </DeferredModal>
  );
}
