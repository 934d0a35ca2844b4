import {
  ADDRESS_MAX_LENGTH,
  type InviteWizardValues,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_LENGTH,
  MIN_AGE_INVITE,
  MIN_BIRTHDATE,
  todayInLondon,
  yearsBefore,
} from '@app/domain';
import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PasswordChecklist } from '@/components/password-checklist';
import { CharacterCountTextarea } from './character-count-textarea';

// Non-breaking spaces keep 'e.g. BT4 3HW' together on a narrow phone.
export const ADDRESS_HINT = 'End with your BT postcode, e.g.\u00a0BT4\u00a03HW';

/** Step 1 'Personal Information' (spec §2). */
export function PersonalStep({ form }: { form: UseFormReturnType<InviteWizardValues> }) {
  const latestBirthdate = yearsBefore(todayInLondon(), MIN_AGE_INVITE);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First name"
          autoComplete="given-name"
          maxLength={MAX_NAME_LENGTH}
          required
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          maxLength={MAX_NAME_LENGTH}
          required
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        required
        // The checklist is the field's description, so it is announced with the field.
        description={<PasswordChecklist password={form.values.password} id="invite-password-checklist" />}
        descriptionProps={{ component: 'div', mt: 'xs' }}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD_LENGTH}
        required
        {...form.getInputProps('confirmPassword')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 7123 456789"
          maxLength={MAX_PHONE_LENGTH}
          required
          {...form.getInputProps('phoneNumber')}
        />
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min={MIN_BIRTHDATE}
          max={latestBirthdate}
          required
          {...form.getInputProps('birthdate')}
        />
      </SimpleGrid>
      <CharacterCountTextarea
        label="Address"
        autoComplete="street-address"
        maxLength={ADDRESS_MAX_LENGTH}
        hint={ADDRESS_HINT}
        required
        {...form.getInputProps('address')}
      />
    </Stack>
  );
}
