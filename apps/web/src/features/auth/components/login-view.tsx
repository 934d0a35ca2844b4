import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazyValidator, useValidatedForm } from '../hooks/use-validated-form';
import type { LoginValues } from '../types';
import { ConsentCheckboxes } from './consent-checkboxes';
import { ForgotPasswordLink } from './view-link';

export type { LoginValues };

const validateLogin = lazyValidator(() => import('../utils/validators').then((rules) => rules.validateLogin));

export function LoginView({
  initialEmail,
  onSubmit,
  onForgotPassword,
}: {
  initialEmail: string;
  onSubmit: (values: LoginValues) => void;
  onForgotPassword: () => void;
}) {
  const { form, onSubmit: handleSubmit } = useValidatedForm<LoginValues>({
    initialValues: {
      email: initialEmail,
      password: '',
      rememberMe: false,
      privacyConsent: false,
      marketingConsent: false,
    },
    validate: validateLogin,
  });

  return (
    // method="post": a submit before the page has hydrated must never put a password in the URL.
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <ForgotPasswordLink onSelect={onForgotPassword} />
        <ConsentCheckboxes form={form} />
        <Button type="submit" fullWidth size="md" mt="xs">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
