import { Button, Stack, Text, TextInput } from '@mantine/core';
import { lazyValidator, useValidatedForm } from '../hooks/use-validated-form';
import type { ForgotValues } from '../types';
import { ViewLink } from './view-link';

export type { ForgotValues };

const validateForgot = lazyValidator(() =>
  import('../utils/validators').then((rules) => rules.validateForgot),
);

export function ForgotView({
  initialEmail,
  onSubmit,
  onBackToSignIn,
}: {
  initialEmail: string;
  onSubmit: (values: ForgotValues) => void;
  onBackToSignIn: () => void;
}) {
  const { form, onSubmit: handleSubmit } = useValidatedForm<ForgotValues>({
    initialValues: { email: initialEmail },
    validate: validateForgot,
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Forgot password">
      <Stack gap="md">
        <Text>
          Enter the email address of your account and we will send you a code to reset your password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth size="md">
          Send Reset Code
        </Button>
        <ViewLink onSelect={onBackToSignIn} ta="center">
          Back to sign in
        </ViewLink>
      </Stack>
    </form>
  );
}
