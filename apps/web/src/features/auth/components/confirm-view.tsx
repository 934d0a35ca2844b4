import { CODE_LENGTH } from '@app/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ConfirmationCodeInput } from '@/components/confirmation-code-input';
import { IconCheck } from '@/components/icons';
import { lazyValidator, useValidatedForm } from '../hooks/use-validated-form';
import type { ConfirmValues } from '../types';
import { ViewLink } from './view-link';

export type { ConfirmValues };

const validateConfirm = lazyValidator(() =>
  import('../utils/validators').then((rules) => rules.validateConfirm),
);

export function ConfirmView({
  email,
  showResendNotice,
  onSubmit,
  onResend,
  onBackToSignIn,
}: {
  email: string;
  showResendNotice: boolean;
  onSubmit: (values: ConfirmValues) => void;
  onResend: () => void;
  onBackToSignIn: () => void;
}) {
  const { form, onSubmit: handleSubmit } = useValidatedForm<ConfirmValues>({
    initialValues: { confirmationCode: '' },
    validate: validateConfirm,
  });
  const error = form.errors.confirmationCode;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Confirm account">
      <Stack gap="md">
        <Text>
          We emailed a {CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify your
          account.
        </Text>
        <ConfirmationCodeInput
          id="confirmation-code"
          value={form.values.confirmationCode}
          onChange={(value) => form.setFieldValue('confirmationCode', value)}
          error={error}
        />
        {showResendNotice ? (
          <Alert color="teal" variant="light" icon={<IconCheck />} role="status">
            A new code is on its way. Please check your email.
          </Alert>
        ) : null}
        <Button type="submit" fullWidth size="md">
          Confirm Account
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" size="sm" px={8} onClick={onResend}>
            Resend Code
          </Button>
          <ViewLink onSelect={onBackToSignIn}>Back to sign in</ViewLink>
        </Group>
      </Stack>
    </form>
  );
}
