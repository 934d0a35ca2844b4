import {
  ADDRESS_FIELD_LABELS,
  buildProfileUpdatePayload,
  MESSAGES,
  type ProfileForm,
  profileFormFromProfile,
  validateProfileForm,
} from '@app/domain';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmailVerification } from '@/components/email-verification';
import { IconAlert } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { initialsOf } from '@/lib/booking-format';
import { type AccountProfile, useUpdateProfileMutation } from '@/lib/profile-api';
import { toast } from '@/lib/toast';
import classes from './profile-page.module.css';

type FormValues = Required<ProfileForm>;
type FieldName = keyof FormValues;

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'postcode'] as const satisfies FieldName[];

/**
 * The stored address, or undefined when the profile came back without one we can read (the field
 * missing or not text). Null and '' mean the customer has no address yet, which is not an error.
 */
function readableAddress(profile: AccountProfile): string | null | undefined {
  const address: unknown = profile.Address;
  if (address === null || typeof address === 'string') return address;
  return undefined;
}

function formValuesFrom(profile: AccountProfile): FormValues {
  return profileFormFromProfile({ ...profile, Address: readableAddress(profile) ?? '' });
}

/** Which form field a server validation message of PUT /user/update belongs to. */
function fieldOfServerError(field: string, message: string): FieldName | null {
  switch (field) {
    case 'FirstName':
      return 'firstName';
    case 'LastName':
      return 'lastName';
    case 'Email':
      return 'email';
    case 'PhoneNumber':
      return 'phone';
    case 'Address':
      // The server checks the joined address part by part; its message names the part.
      if (message === MESSAGES.cityTownRequired || message.startsWith(ADDRESS_FIELD_LABELS.city))
        return 'city';
      if (message.startsWith(ADDRESS_FIELD_LABELS.line2)) return 'addressLine2';
      if (message === MESSAGES.postcodeRequired || message === MESSAGES.niPostcode) return 'postcode';
      return 'addressLine1';
    default:
      return null;
  }
}

function AddressLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} role="alert" p="sm">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MESSAGES.failedToLoadAddress}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

export function ProfileCard({
  profile,
  onReload,
  isReloading,
}: {
  profile: AccountProfile;
  /** Fetches the profile again (the address retry). */
  onReload: () => void;
  isReloading: boolean;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const updateProfile = useUpdateProfileMutation();
  const address = readableAddress(profile);
  const isAddressMissing = address === undefined;

  // The form's own error state, for onValuesChange (which runs before `form` exists).
  const formRef = useRef<{
    shownErrors: () => FieldName[];
    setFieldError: (field: FieldName, message: string | null) => void;
  } | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: formValuesFrom(profile),
    // Spec §5: checked on blur and on save. A message already shown follows the typing, so it
    // disappears as soon as the field is fixed and Save comes back.
    validate: (values) => validateProfileForm(values),
    validateInputOnBlur: true,
    clearInputErrorOnChange: false,
    onValuesChange: (values) => {
      const current = formRef.current;
      if (!current) return;
      const shown = current.shownErrors();
      if (shown.length === 0) return;
      const errors = validateProfileForm(values);
      for (const field of shown) current.setFieldError(field, errors[field] ?? null);
    },
  });
  formRef.current = {
    shownErrors: () => Object.keys(form.errors) as FieldName[],
    setFieldError: (field, message) => form.setFieldError(field, message),
  };

  // The address arrives late (after a retry) while editing: fill the untouched address fields.
  const addressFilled = useRef(!isAddressMissing);
  useEffect(() => {
    if (!isEditing || isAddressMissing || addressFilled.current) return;
    addressFilled.current = true;
    const fresh = formValuesFrom(profile);
    for (const field of ADDRESS_FIELDS) {
      if (!form.getValues()[field]) form.setFieldValue(field, fresh[field]);
    }
  }, [isEditing, isAddressMissing, profile, form]);

  const startEditing = () => {
    form.setValues(formValuesFrom(profile));
    form.clearErrors();
    form.resetTouched();
    addressFilled.current = !isAddressMissing;
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
    updateProfile.mutate(buildProfileUpdatePayload(values), {
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
            const name = fieldOfServerError(field, message);
            if (name) fieldErrors[name] ??= message;
          }
        }
        const hasFieldErrors = Object.keys(fieldErrors).length > 0;
        if (hasFieldErrors) form.setErrors(fieldErrors);
        // The alert's title is the spec's message; its text says why, when the server said.
        setSaveError(
          hasFieldErrors
            ? 'Please correct the highlighted fields.'
            : error instanceof ApiError
              ? error.message
              : '',
        );
      },
    });
  });

  const hasErrors = Object.keys(form.errors).length > 0;
  const fullName = [profile.FirstName, profile.LastName].filter(Boolean).join(' ');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-card-title">
      <Group gap="md" wrap="nowrap" mb="lg">
        <Avatar size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
          {initialsOf(profile.FirstName, profile.LastName)}
        </Avatar>
        <div className={classes.minWidth0}>
          <Title order={2} fz="h3" id="profile-card-title" className={classes.breakWord}>
            {fullName || 'Your profile'}
          </Title>
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
            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>Address</legend>
              <Stack gap="sm">
                {isAddressMissing ? <AddressLoadError onRetry={onReload} isRetrying={isReloading} /> : null}
                <TextInput
                  label="Address line 1"
                  autoComplete="address-line1"
                  required
                  {...form.getInputProps('addressLine1')}
                />
                <TextInput
                  label="Address line 2 (optional)"
                  autoComplete="address-line2"
                  {...form.getInputProps('addressLine2')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput
                    label="City/Town"
                    autoComplete="address-level2"
                    required
                    {...form.getInputProps('city')}
                  />
                  <TextInput
                    label="Postcode"
                    autoComplete="postal-code"
                    placeholder="BT1 1AA"
                    required
                    {...form.getInputProps('postcode')}
                  />
                </SimpleGrid>
              </Stack>
            </fieldset>
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
            <DetailRow label="Phone">{profile.PhoneNumber || <Text c="dimmed">Not set</Text>}</DetailRow>
            <DetailRow label="Address">
              {isAddressMissing ? (
                <AddressLoadError onRetry={onReload} isRetrying={isReloading} />
              ) : (
                address || (
                  <Text c="dimmed" component="span">
                    No address yet. Add one to book home visits.
                  </Text>
                )
              )}
            </DetailRow>
          </DetailList>
          <Button variant="light" onClick={startEditing} className={classes.selfStart}>
            Edit Profile
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
