import {
  type BusinessProfileForm,
  buildProfileUpdatePayload,
  MESSAGES,
  profileFormFromProfile,
  validateProfileForm,
} from '@app/domain';
import {
  Alert,
  Avatar,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmailVerification } from '@/components/email-verification';
import { IconAlert } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { initialsOf } from '@/lib/booking-format';
import { useUpdateProfileMutation } from '@/lib/profile-api';
import { toast } from '@/lib/toast';
import { type BusinessProfile, useBusinessProfile } from '../api/business-profile';
import classes from './admin.module.css';

type FormValues = Required<BusinessProfileForm>;
type FieldName = keyof FormValues;

/** PUT /user/update's field names → the form's. A business has no customer Address. */
const FORM_FIELD_OF: Record<string, FieldName> = {
  FirstName: 'firstName',
  LastName: 'lastName',
  Email: 'email',
  PhoneNumber: 'phone',
};

const validate = (values: FormValues) => validateProfileForm(values, { includeAddress: false });

function formValuesFrom(profile: BusinessProfile): FormValues {
  const { firstName, lastName, email, phone } = profileFormFromProfile({ ...profile, Address: null });
  return { firstName, lastName, email, phone };
}

const notSet = (
  <Text c="dimmed" component="span" size="sm">
    Not set
  </Text>
);

function PersonalDetails({ profile }: { profile: BusinessProfile }) {
  const [isEditing, setIsEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const updateProfile = useUpdateProfileMutation();

  // The form's own error state, for onValuesChange (which runs before `form` exists).
  const formRef = useRef<{
    shownErrors: () => FieldName[];
    setFieldError: (field: FieldName, message: string | null) => void;
  } | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(profile),
    // As the customer profile form (spec §5): checked on blur and on save; a message already shown
    // follows the typing, so it goes as soon as the field is fixed and Save comes back.
    validate,
    validateInputOnBlur: true,
    clearInputErrorOnChange: false,
    onValuesChange: (values) => {
      const current = formRef.current;
      if (!current) return;
      const shown = current.shownErrors();
      if (shown.length === 0) return;
      const errors = validate(values);
      for (const field of shown) current.setFieldError(field, errors[field] ?? null);
    },
  });
  formRef.current = {
    shownErrors: () => Object.keys(form.errors) as FieldName[],
    setFieldError: (field, message) => form.setFieldError(field, message),
  };

  const startEditing = () => {
    form.setValues(formValuesFrom(profile));
    form.clearErrors();
    form.resetTouched();
    setSaveError(null);
    setIsEditing(true);
  };

  const cancelEditing = () => {
    form.clearErrors();
    setSaveError(null);
    setIsEditing(false);
  };

  const save = form.onSubmit((values) => {
    setSaveError(null);
    updateProfile.mutate(buildProfileUpdatePayload(values, { includeAddress: false }), {
      onSuccess: (updated) => {
        setIsEditing(false);
        toast.success(
          updated.PendingEmail
            ? { title: 'Profile updated', message: `Enter the code we sent to ${updated.PendingEmail}.` }
            : 'Profile updated',
        );
      },
      onError: (error) => {
        const fieldErrors: Partial<Record<FieldName, string>> = {};
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            const name = FORM_FIELD_OF[field];
            if (name) fieldErrors[name] ??= message;
          }
        }
        const hasFieldErrors = Object.keys(fieldErrors).length > 0;
        if (hasFieldErrors) form.setErrors(fieldErrors);
        setSaveError(
          hasFieldErrors
            ? 'Please correct the highlighted fields.'
            : error instanceof ApiError && error.status > 0
              ? error.message
              : '',
        );
      },
    });
  });

  const hasErrors = Object.keys(form.errors).length > 0;
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
        <form onSubmit={save} noValidate aria-label="Edit profile">
          <Stack gap="sm">
            {saveError !== null ? (
              <Alert color="red" variant="light" title={MESSAGES.failedToUpdateProfile} role="alert">
                {saveError || null}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="First name"
                autoComplete="given-name"
                required
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                required
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              description="A new address is used once you enter the code we email to it."
              required
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="+447123456789"
              required
              {...form.getInputProps('phone')}
            />
            <Group gap="sm" mt="xs">
              <Button type="submit" disabled={hasErrors} loading={updateProfile.isPending}>
                Save
              </Button>
              <Button variant="default" onClick={cancelEditing} disabled={updateProfile.isPending}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <DetailList>
            <DetailRow label="First name">{profile.FirstName}</DetailRow>
            <DetailRow label="Last name">{profile.LastName}</DetailRow>
            <DetailRow label="Email">{profile.Email}</DetailRow>
            <DetailRow label="Phone">{profile.PhoneNumber || notSet}</DetailRow>
          </DetailList>
          <Button variant="light" onClick={startEditing} className={classes.selfStart}>
            Edit Profile
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function ShopDetails({ profile }: { profile: BusinessProfile }) {
  const description = profile.BusinessDescription?.trim();
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
        What customers see when they browse. These were set when you registered.
      </Text>
      <DetailList>
        <DetailRow label="Business name">{profile.BusinessName?.trim() || notSet}</DetailRow>
        <DetailRow label="Business address">
          {profile.BusinessAddress?.trim() ? (
            <span className={classes.preLine}>{profile.BusinessAddress}</span>
          ) : (
            notSet
          )}
        </DetailRow>
        <DetailRow label="Description">
          {description ? <span className={classes.preLine}>{description}</span> : notSet}
        </DetailRow>
      </DetailList>
    </Paper>
  );
}

/** The Profile tab: the business's own details (editable) and its shop details. */
export function BusinessProfileCard() {
  const profileQuery = useBusinessProfile();
  const profile = profileQuery.data;

  if (!profile) {
    if (profileQuery.isError) {
      return (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{MESSAGES.failedToLoadProfile}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => profileQuery.refetch()}
              loading={profileQuery.isFetching}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      );
    }
    return <Skeleton height={320} radius="lg" aria-label="Loading your profile" />;
  }

  return (
    <Grid gap={{ base: 'md', lg: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <PersonalDetails profile={profile} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ShopDetails profile={profile} />
      </Grid.Col>
    </Grid>
  );
}
