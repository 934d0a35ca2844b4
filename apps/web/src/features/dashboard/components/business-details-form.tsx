import {
  ADDRESS_MAX_LENGTH,
  type BusinessProfileFormValues,
  businessProfileFormErrors,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MESSAGES,
  type UserProfile,
} from '@app/domain';
import { Alert, Button, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useUpdateBusinessProfileMutation } from '../api/update-business-profile';

// NOTE: its own chunk (business-profile-card.tsx loads it when Edit is pressed): the profanity check
// of the business-profile rules brings the word list, which the dashboard does not need before.

type FieldName = keyof BusinessProfileFormValues;
const FIELDS: readonly FieldName[] = [
  'BusinessName',
  'BusinessAddress',
  'BusinessDescription',
  'showFullAddress',
];

const valuesFrom = (profile: UserProfile): BusinessProfileFormValues => ({
  BusinessName: profile.BusinessName ?? '',
  BusinessAddress: profile.BusinessAddress ?? '',
  BusinessDescription: profile.BusinessDescription ?? '',
  showFullAddress: profile.showFullAddress ?? true,
});

/**
 * Edit the shop's details (PUT /user/business-profile) with the invite wizard's rules: checked on
 * blur and on save, a shown message follows the typing; the server's field messages show on their
 * fields. Calls `onClose` on Cancel and after a successful save.
 */
export function BusinessDetailsForm({ profile, onClose }: { profile: UserProfile; onClose: () => void }) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateBusinessProfileMutation();
  const saving = useSingleFlight();
  const form = useForm<BusinessProfileFormValues>({
    mode: 'controlled',
    initialValues: valuesFrom(profile),
    validate: businessProfileFormErrors,
    validateInputOnBlur: true,
    clearInputErrorOnChange: false,
    onValuesChange: (values) => {
      const shown = Object.keys(form.errors) as FieldName[];
      if (shown.length === 0) return;
      const errors = businessProfileFormErrors(values);
      for (const field of shown) form.setFieldError(field, errors[field] ?? null);
    },
  });

  const save = form.onSubmit((values) => {
    if (saving.isInFlight()) return;
    setSaveError(null);
    void saving.run(() =>
      update.mutateAsync(values).then(
        () => {
          onClose();
          toast.success('Business details updated');
        },
        (error: unknown) => {
          const fieldErrors: Partial<Record<FieldName, string>> = {};
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fieldErrors)) {
              if ((FIELDS as readonly string[]).includes(field)) fieldErrors[field as FieldName] ??= message;
            }
          }
          const hasFieldErrors = Object.keys(fieldErrors).length > 0;
          if (hasFieldErrors) form.setErrors(fieldErrors);
          setSaveError(
            hasFieldErrors
              ? 'Please correct the highlighted fields.'
              : (serverMessageOf(error, { includeNetworkError: true, includeStatusText: true }) ?? ''),
          );
        },
      ),
    );
  });

  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <form onSubmit={save} noValidate aria-label="Edit business details">
      <Stack gap="sm">
        {saveError !== null ? (
          <Alert color="red" variant="light" title={MESSAGES.failedToUpdateProfile} role="alert">
            {saveError || null}
          </Alert>
        ) : null}
        <TextInput
          label="Business name"
          autoComplete="organization"
          maxLength={MAX_BUSINESS_NAME_LENGTH}
          required
          {...form.getInputProps('BusinessName')}
        />
        <Textarea
          label="Business address"
          description="Street, town and a Northern Irish postcode, e.g. 2 High Street, Belfast, BT1 2AB"
          autoComplete="street-address"
          rows={3}
          maxLength={ADDRESS_MAX_LENGTH}
          required
          {...form.getInputProps('BusinessAddress')}
        />
        <Switch
          label="Show my full address"
          description="Off: customers see only your town and postcode, e.g. when you work from home."
          {...form.getInputProps('showFullAddress', { type: 'checkbox' })}
        />
        <Textarea
          label="Business description (optional)"
          description="Shown to customers when they browse businesses."
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          {...form.getInputProps('BusinessDescription')}
        />
        <Group gap="sm" mt="xs">
          <Button type="submit" loading={update.isPending} disabled={hasErrors}>
            Save
          </Button>
          <Button
            variant="default"
            onClick={() => {
              form.clearErrors();
              setSaveError(null);
              onClose();
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
