import {
  initialsOf,
  MESSAGES,
  profileFormFromProfile,
  publicBusinessAddress,
  type UserProfile,
} from '@app/domain';
import { Avatar, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmailVerification } from '@/components/email-verification';
import { ProfileEditForm, type ProfileFormValues } from '@/components/profile-edit-form';
import { BusinessProfileGate } from './business-profile-gate';
import classes from './dashboard.module.css';

// Loaded when Edit is pressed: its rules bring the profanity word list.
const BusinessDetailsForm = lazy(() =>
  import('./business-details-form').then((module) => ({ default: module.BusinessDetailsForm })),
);

function formValuesFrom(profile: UserProfile): ProfileFormValues {
  return profileFormFromProfile({ ...profile, Address: null });
}

const notSet = (
  <Text c="dimmed" component="span" size="sm">
    Not set
  </Text>
);

function PersonalDetails({ profile }: { profile: UserProfile }) {
  const [isEditing, setIsEditing] = useState(false);
  const fullName = [profile.FirstName, profile.LastName].filter(Boolean).join(' ');
  const businessName = profile.BusinessName?.trim();

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="business-profile-title"
      h="100%"
    >
      <Group gap="md" wrap="nowrap" mb="lg">
        <Avatar size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
          {initialsOf(profile.FirstName, profile.LastName)}
        </Avatar>
        <div className={classes.minWidth0}>
          <Title order={2} fz="h3" id="business-profile-title" className={classes.breakWord}>
            {fullName || 'Your profile'}
          </Title>
          {businessName ? (
            <Text fw={500} className={classes.breakWord}>
              {businessName}
            </Text>
          ) : null}
          <Text c="dimmed" size="sm" className={classes.breakWord}>
            {profile.Email}
          </Text>
        </div>
      </Group>

      {profile.PendingEmail ? <EmailVerification pendingEmail={profile.PendingEmail} /> : null}

      {isEditing ? (
        <ProfileEditForm initialValues={formValuesFrom(profile)} onClose={() => setIsEditing(false)} />
      ) : (
        <Stack gap="md">
          <DetailList>
            <DetailRow label="First name">{profile.FirstName}</DetailRow>
            <DetailRow label="Last name">{profile.LastName}</DetailRow>
            <DetailRow label="Email">{profile.Email}</DetailRow>
            <DetailRow label="Phone">{profile.PhoneNumber || notSet}</DetailRow>
          </DetailList>
          <Button variant="light" onClick={() => setIsEditing(true)} className={classes.selfStart}>
            Edit Profile
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function ShopDetails({ profile }: { profile: UserProfile }) {
  const [isEditing, setIsEditing] = useState(false);
  const description = profile.BusinessDescription?.trim();
  const address = profile.BusinessAddress?.trim() ?? '';
  const showFullAddress = profile.showFullAddress ?? true;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="shop-details-title"
      h="100%"
    >
      <Title order={2} fz="h3" id="shop-details-title" mb={4}>
        Shop Details
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        What customers see when they browse.
      </Text>
      {isEditing ? (
        <Suspense fallback={<Skeleton height={360} radius="md" aria-label="Loading the form" />}>
          <BusinessDetailsForm profile={profile} onClose={() => setIsEditing(false)} />
        </Suspense>
      ) : (
        <Stack gap="md">
          <DetailList>
            <DetailRow label="Business name">{profile.BusinessName?.trim() || notSet}</DetailRow>
            <DetailRow label="Business address">
              {address ? <span className={classes.preLine}>{address}</span> : notSet}
            </DetailRow>
            <DetailRow label="Customers see">
              {showFullAddress
                ? 'Your full address'
                : `Only your town and postcode${address ? ` (${publicBusinessAddress(address, false)})` : ''}`}
            </DetailRow>
            <DetailRow label="Description">
              {description ? <span className={classes.preLine}>{description}</span> : notSet}
            </DetailRow>
          </DetailList>
          <Button
            variant="light"
            onClick={() => setIsEditing(true)}
            className={classes.selfStart}
            aria-label="Edit shop details"
          >
            Edit
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** The Profile tab: the business's own details (editable) and its shop details. */
export function BusinessProfileCard() {
  return (
    <BusinessProfileGate
      loadingLabel="Loading your profile"
      failedMessage={MESSAGES.failedToLoadProfile}
      skeletonHeight={320}
    >
      {(profile) => (
        <Grid gap={{ base: 'md', lg: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <PersonalDetails profile={profile} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ShopDetails profile={profile} />
          </Grid.Col>
        </Grid>
      )}
    </BusinessProfileGate>
  );
}
