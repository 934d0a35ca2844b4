import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type LocalSettingKey, useLocalSettings } from '../hooks/use-local-settings';
import { DeleteAccountModal } from './delete-account-modal';
import classes from './profile-page.module.css';

const NOTIFICATION_SETTINGS: { key: LocalSettingKey; label: string }[] = [
  { key: 'bookingEmails', label: 'Email me when a booking changes' },
  { key: 'appointmentReminders', label: 'Remind me the day before an appointment' },
  { key: 'newsAndOffers', label: 'Send me news and offers' },
];

const PRIVACY_SETTINGS: { key: LocalSettingKey; label: string }[] = [
  { key: 'usageData', label: 'Share anonymous usage data to help improve the service' },
  { key: 'businessOffers', label: 'Let businesses I have booked with send me offers' },
];

function SettingsGroup({
  legend,
  items,
}: {
  legend: string;
  items: { key: LocalSettingKey; label: string }[];
}) {
  const [settings, update] = useLocalSettings();
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <Stack gap="sm">
        {items.map((item) => (
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

/** Spec §2 Settings: local-only checkboxes, the legal links, and account deletion. */
export function SettingsPanel() {
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="preferences-title">
        <Title order={2} fz="h3" id="preferences-title" mb="xs">
          Preferences
        </Title>
        <Text size="sm" c="dimmed" mb="md" id="preferences-hint">
          These preferences are saved in this browser only. They are not sent anywhere, so they do not change
          the emails we send about your bookings.
        </Text>
        <Stack gap="lg">
          <SettingsGroup legend="Notifications" items={NOTIFICATION_SETTINGS} />
          <SettingsGroup legend="Privacy" items={PRIVACY_SETTINGS} />
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
