import { ForgotFormSchema } from '@app/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaValidator, useValidatedForm } from '../hooks/use-validated-form';

export interface ForgotValues {
  email: string;
  [field: string]: unknown;
}

const validateForgot = schemaValidator<ForgotValues>(ForgotFormSchema);

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
        <Anchor
          href={window.location.pathname}
          size="sm"
          ta="center"
          onClick={(event) => {
            event.preventDefault();
            onBackToSignIn();
          }}
        >
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
