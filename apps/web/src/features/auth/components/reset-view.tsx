import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PasswordChecklist } from '@/components/password-checklist';
import { lazyValidator, useValidatedForm } from '../hooks/use-validated-form';
import type { ResetValues } from '../types';
import { ViewLink } from './view-link';

export type { ResetValues };

const validateReset = lazyValidator(() => import('../utils/validators').then((rules) => rules.validateReset));

export function ResetView({
  email,
  onSubmit,
  onBackToSignIn,
}: {
  email: string;
  onSubmit: (values: ResetValues) => void;
  onBackToSignIn: () => void;
}) {
  const { form, onSubmit: handleSubmit } = useValidatedForm<ResetValues>({
    initialValues: { resetCode: '', newPassword: '' },
    validate: validateReset,
  });

  return (
    // method="post": a submit before the page has hydrated must never put a password in the URL.
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Reset password">
      <Stack gap="md">
        <Text>
          If an account exists for <strong>{email}</strong>, we have emailed it a reset code. Enter the code
          and choose a new password.
        </Text>
        <TextInput
          label="Reset code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps('resetCode')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          aria-describedby="reset-password-checklist"
          {...form.getInputProps('newPassword')}
        />
        <PasswordChecklist password={form.values.newPassword} id="reset-password-checklist" />
        <Button type="submit" fullWidth size="md">
          Reset Password
        </Button>
        <ViewLink onSelect={onBackToSignIn} ta="center">
          Back to sign in
        </ViewLink>
      </Stack>
    </form>
  );
}
