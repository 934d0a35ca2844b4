import { initialsOf, MESSAGES, type UserProfile } from '@app/domain';
import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { DetailList, DetailRow } from '@/components/detail-list';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { PROFILE_WORDS } from '../profile-words';
import classes from './profile-page.module.css';

// Both bring the form rules (zod), which the card's first paint does not need.
const ProfileCardEdit = preloadable(() => import('./profile-card-edit').then((m) => m.ProfileCardEdit));
const EmailVerification = preloadable(() =>
  import('@/components/email-verification').then((m) => m.EmailVerification),
);

/**
 * The stored address, or undefined when the profile came back without one we can read (the field
 * missing or not text). Null and '' mean the customer has no address yet, which is not an error.
 */
function readableAddress(profile: UserProfile): string | null | undefined {
  const address: unknown = profile.Address;
  if (address === null || typeof address === 'string') return address;
  return undefined;
}

function AddressLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <LoadErrorAlert message={MESSAGES.failedToLoadAddress} onRetry={onRetry} isRetrying={isRetrying} p="sm" />
  );
}

export function ProfileCard({
  profile,
  onReload,
  isReloading,
}: {
  profile: UserProfile;
  /** Fetches the profile again (the address retry). */
  onReload: () => void;
  isReloading: boolean;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const address = readableAddress(profile);
  const isAddressMissing = address === undefined;

  useEffect(() => whenEngagedOrIdle(() => void ProfileCardEdit.preload().catch(() => {})), []);

  const fullName = [profile.FirstName, profile.LastName].filter(Boolean).join(' ');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-card-title">
      <Group gap="md" wrap="nowrap" mb="lg">
        <Avatar size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
          {initialsOf(profile.FirstName, profile.LastName)}
        </Avatar>
        <div className={classes.minWidth0}>
          <Title order={2} fz="h3" id="profile-card-title" className={classes.breakWord}>
            {fullName || PROFILE_WORDS.untitled}
          </Title>
          <Text c="dimmed" size="sm" className={classes.breakWord}>
            {profile.Email}
          </Text>
        </div>
      </Group>

      {profile.PendingEmail ? (
        <Suspense fallback={null}>
          <EmailVerification pendingEmail={profile.PendingEmail} />
        </Suspense>
      ) : null}

      {isEditing ? (
        <Suspense fallback={null}>
          <ProfileCardEdit
            profile={profile}
            address={address}
            addressNotice={
              isAddressMissing ? <AddressLoadError onRetry={onReload} isRetrying={isReloading} /> : null
            }
            onClose={() => setIsEditing(false)}
          />
        </Suspense>
      ) : (
        <Stack gap="md">
          <DetailList>
            <DetailRow label={PROFILE_WORDS.rows.firstName}>{profile.FirstName}</DetailRow>
            <DetailRow label={PROFILE_WORDS.rows.lastName}>{profile.LastName}</DetailRow>
            <DetailRow label={PROFILE_WORDS.rows.email}>{profile.Email}</DetailRow>
            <DetailRow label={PROFILE_WORDS.rows.phone}>
              {profile.PhoneNumber || <Text c="dimmed">{PROFILE_WORDS.noPhone}</Text>}
            </DetailRow>
            <DetailRow label={PROFILE_WORDS.rows.address}>
              {isAddressMissing ? (
                <AddressLoadError onRetry={onReload} isRetrying={isReloading} />
              ) : (
                address || (
                  <Text c="dimmed" component="span">
                    {PROFILE_WORDS.noAddress}
                  </Text>
                )
              )}
            </DetailRow>
          </DetailList>
          <Button variant="light" onClick={() => setIsEditing(true)} className={classes.selfStart}>
            {PROFILE_WORDS.edit}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
