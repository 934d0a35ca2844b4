import { MESSAGES, type NotificationSettings } from '@app/domain';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadMyData } from '@/components/download-my-data';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettingsMutation } from '../api/update-notification-settings';
import { type LocalSettingKey, useLocalSettings } from '../hooks/use-local-settings';
import { DeleteAccountModal } from './delete-account-modal';
import classes from './profile-page.module.css';

/** Saved to the account (api-contract §8.3, §8.8). */
const NOTIFICATION_SETTINGS: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'bookingUpdates', label: 'Email me when a booking changes' },
  { key: 'reminders', label: 'Remind me the day before an appointment' },
  { key: 'messages', label: 'Email me booking messages I have not read' },
  { key: 'marketing', label: 'Send me news and offers' },
];

// NOTE: no "Let businesses I have booked with send me offers" (issue 29, item 16): businesses here
// send no offers, and a choice kept in one browser could not have reached one if they did. News
// and offers from us are the account's `marketing` setting above.
const PRIVACY_SETTINGS: { key: LocalSettingKey; label: string }[] = [
  { key: 'usageData', label: 'Share anonymous usage data to help improve the service' },
];

function showSaveError(error: unknown) {
  const message = serverMessageOf(error, { includeNetworkError: true, includeStatusText: true });
  if (message) toast.error({ title: MESSAGES.failedToSaveNotificationSettings, message });
  else toast.error(MESSAGES.failedToSaveNotificationSettings);
}

/**
 * The account's notification checkboxes: read from the server, each change saved at once with all
 * four settings. One save at a time (the boxes wait while it runs); the changed box shows its new
 * state meanwhile and goes back if the save fails.
 */
function NotificationSettingsGroup() {
  const settingsQuery = useNotificationSettings();
  const save = useUpdateNotificationSettingsMutation();
  const flight = useSingleFlight();
  const [saving, setSaving] = useState<NotificationSettings | null>(null);
  const shown = saving ?? settingsQuery.data;

  const change = (key: keyof NotificationSettings, isChecked: boolean) => {
    const current = settingsQuery.data;
    if (!current) return;
    const next: NotificationSettings = { ...current, [key]: isChecked };
    void flight.run(async () => {
      setSaving(next);
      try {
        await save.mutateAsync(next);
      } catch (error) {
        showSaveError(error);
      } finally {
        setSaving(null);
      }
    });
  };

  return (
    <fieldset className={classes.fieldset} aria-busy={flight.isRunning}>
      <legend className={classes.legend}>Notifications</legend>
      <Stack gap="sm">
        {settingsQuery.isError && (
          <Text size="sm" c="red" role="alert">
            {MESSAGES.failedToLoadData}
          </Text>
        )}
        {NOTIFICATION_SETTINGS.map((item) => (
          <Checkbox
            key={item.key}
            label={item.label}
            checked={shown?.[item.key] ?? false}
            disabled={!shown || flight.isRunning}
            onChange={(event) => change(item.key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}

/** Choices kept in this browser only (localStorage), never sent. */
function PrivacySettingsGroup() {
  const [settings, update] = useLocalSettings();
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>Privacy</legend>
      <Stack gap="sm">
        {PRIVACY_SETTINGS.map((item) => (
          <Checkbox
            key={item.key}
            label={item.label}
            checked={settings[item.key]}
            onChange={(event) => update(item.key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}

/**
 * Spec §2 Settings: the notification and privacy checkboxes, the legal links, the download of your
 * data (api-contract §9.4), and account deletion.
 */
export function SettingsPanel() {
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="preferences-title">
        <Title order={2} fz="h3" id="preferences-title" mb="xs">
          Preferences
        </Title>
        <Text size="sm" c="dimmed" mb="md" id="preferences-hint">
          Notifications are saved to your account and decide which emails we send you; codes and security
          notices always arrive. Privacy choices are saved in this browser only. They are not sent anywhere.
        </Text>
        <Stack gap="lg">
          <NotificationSettingsGroup />
          <PrivacySettingsGroup />
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="legal-title">
        <Title order={2} fz="h3" id="legal-title" mb="xs">
          Privacy &amp; Terms
        </Title>
        <Text size="sm" mb="sm">
          How we handle your data and the rules for using the service:
        </Text>
        <Group gap="lg">
          <Anchor component={Link} to={paths.privacyPolicy.getHref()}>
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to={paths.termsOfService.getHref()}>
            Terms of Service
          </Anchor>
        </Group>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="your-data-title">
        <Title order={2} fz="h3" id="your-data-title" mb="xs">
          Your Data
        </Title>
        <DownloadMyData />
      </Paper>

      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="delete-account-title"
        className={classes.dangerZone}
      >
        <Title order={2} fz="h3" id="delete-account-title" mb="xs">
          Delete Account
        </Title>
        <Text size="sm" mb="md">
          Permanently remove your login and profile. Bookings that are still to come must be cancelled or
          completed first.
        </Text>
        <Button color="red" variant="outline" onClick={() => setDeleteOpen(true)}>
          Delete Account
        </Button>
      </Paper>
      <DeleteAccountModal opened={isDeleteOpen} onClose={() => setDeleteOpen(false)} />
    </Stack>
  );
}
