import {
  ADDRESS_FIELD_LABELS,
  buildProfileUpdatePayload,
  MESSAGES,
  type ProfileForm,
  validateProfileForm,
} from '@app/domain';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfileMutation } from '@/lib/profile-api';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import classes from './profile-edit-form.module.css';

export type ProfileFormValues = Required<ProfileForm>;
type FieldName = keyof ProfileFormValues;

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'postcode'] as const satisfies FieldName[];

/** Which form field a server validation message of PUT /user/update belongs to. */
function fieldOfServerError(field: string, message: string, withAddress: boolean): FieldName | null {
  // open switch: `field` is whatever field name the server's message names.
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
      // A business has no customer Address.
      if (!withAddress) return null;
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

/**
 * The profile edit form shared by customers (with address) and businesses (without). Mount it
 * when editing starts: it begins from `initialValues` with no errors, and calls `onClose` on
 * Cancel or after a successful save.
 */
export function ProfileEditForm({
  initialValues,
  withAddress = false,
  isAddressLoaded = true,
  addressNotice,
  explainsNetworkErrors = false,
  onClose,
}: {
  initialValues: ProfileFormValues;
  /** Customers edit their Address too. */
  withAddress?: boolean;
  /** False while the stored address could not be read; once it arrives, untouched fields are filled. */
  isAddressLoaded?: boolean;
  /** Shown at the top of the Address fieldset (the address load error). */
  addressNotice?: ReactNode;
  /** Whether the save alert gives the network error's text (the customer form does). */
  explainsNetworkErrors?: boolean;
  onClose: () => void;
}) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const updateProfile = useUpdateProfileMutation();
  const saving = useSingleFlight();
  const validate = (values: ProfileFormValues) =>
    validateProfileForm(values, { includeAddress: withAddress });

  // The form's own error state, for onValuesChange (which runs before `form` exists).
  const formRef = useRef<{
    shownErrors: () => FieldName[];
    setFieldError: (field: FieldName, message: string | null) => void;
  } | null>(null);
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues,
    // Spec §5: checked on blur and on save. A message already shown follows the typing, so it
    // disappears as soon as the field is fixed and Save comes back.
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

  // The address arrives late (after a retry) while editing: fill the untouched address fields.
  const addressFilled = useRef(isAddressLoaded);
  useEffect(() => {
    if (!withAddress || !isAddressLoaded || addressFilled.current) return;
    addressFilled.current = true;
    for (const field of ADDRESS_FIELDS) {
      if (!form.getValues()[field]) form.setFieldValue(field, initialValues[field]);
    }
  }, [withAddress, isAddressLoaded, initialValues, form]);

  const cancel = () => {
    form.clearErrors();
    setSaveError(null);
    onClose();
  };

  const save = form.onSubmit((values) => {
    if (saving.isInFlight()) return;
    setSaveError(null);
    const payload = buildProfileUpdatePayload(values, { includeAddress: withAddress });
    void saving.run(() => updateProfile.mutateAsync(payload).then(onSaved, onSaveFailed));
  });

  const onSaved = (updated: Awaited<ReturnType<typeof updateProfile.mutateAsync>>) => {
    onClose();
    toast.success(
      updated.PendingEmail
        ? { title: 'Profile updated', message: `Enter the code we sent to ${updated.PendingEmail}.` }
        : 'Profile updated',
    );
  };

  const onSaveFailed = (error: unknown) => {
    const fieldErrors: Partial<Record<FieldName, string>> = {};
    if (error instanceof ApiError) {
      for (const [field, message] of Object.entries(error.fieldErrors)) {
        const name = fieldOfServerError(field, message, withAddress);
        if (name) fieldErrors[name] ??= message;
      }
    }
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    if (hasFieldErrors) form.setErrors(fieldErrors);
    // The alert's title is the spec's message; its text says why, when the server said.
    setSaveError(
      hasFieldErrors
        ? 'Please correct the highlighted fields.'
        : (serverMessageOf(error, { includeNetworkError: explainsNetworkErrors, includeStatusText: true }) ??
            ''),
    );
  };

  const hasErrors = Object.keys(form.errors).length > 0;

  return (
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
        {withAddress ? (
          <fieldset className={classes.fieldset}>
            <legend className={classes.legend}>Address</legend>
            <Stack gap="sm">
              {addressNotice}
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
        ) : null}
        <Group gap="sm" mt="xs">
          <Button type="submit" disabled={hasErrors} loading={updateProfile.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={cancel} disabled={updateProfile.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
