import {
  ADDRESS_MAX_LENGTH,
  type InviteWizardValues,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_DESCRIPTION_LENGTH,
} from '@app/domain';
import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CharacterCountTextarea } from './character-count-textarea';
import { ADDRESS_HINT } from './personal-step';

/** Step 2 'Shop Details' (spec §2). */
export function ShopStep({ form }: { form: UseFormReturnType<InviteWizardValues> }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Business name"
        autoComplete="organization"
        maxLength={MAX_BUSINESS_NAME_LENGTH}
        required
        {...form.getInputProps('businessName')}
      />
      <CharacterCountTextarea
        label="Business address"
        maxLength={ADDRESS_MAX_LENGTH}
        hint={ADDRESS_HINT}
        required
        {...form.getInputProps('businessAddress')}
      />
      <CharacterCountTextarea
        label="Business description (optional)"
        maxLength={MAX_DESCRIPTION_LENGTH}
        hint="Shown to customers when they browse businesses."
        {...form.getInputProps('businessDescription')}
      />
    </Stack>
  );
}
