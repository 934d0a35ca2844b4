import { CODE_LENGTH, ConfirmationCodeSchema, MESSAGES } from '@app/domain';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { IconMail } from '@/components/icons';
import { useVerifyEmailMutation } from '@/lib/profile-api';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';

/**
 * A changed email waits for its code (api-contract §3): the server emailed it to the new address;
 * entering it here applies the change (POST /user/verify-email).
 */
export function EmailVerification({ pendingEmail }: { pendingEmail: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verifyEmail = useVerifyEmailMutation();
  const verification = useSingleFlight();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verification.isInFlight()) return;
    const parsed = ConfirmationCodeSchema.safeParse(code.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.checkConfirmationCode);
      return;
    }
    setError(null);
    void verification.run(() =>
      verifyEmail.mutateAsync({ code: parsed.data }).then(
        () => {
          setCode('');
          toast.success({ title: 'Email updated', message: `Your email is now ${pendingEmail}.` });
        },
        (failure) =>
          setError(
            serverMessageOf(failure, { includeNetworkError: true, includeStatusText: true }) ??
              MESSAGES.checkConfirmationCode,
          ),
      ),
    );
  };

  return (
    <Alert color="brand" variant="light" icon={<IconMail />} title="Confirm your new email" mb="lg">
      <form onSubmit={submit} noValidate aria-label="Confirm new email">
        <Stack gap="sm">
          <Text size="sm">
            We emailed a {CODE_LENGTH}-digit code to <strong>{pendingEmail}</strong>. Your email changes once
            you enter it.
          </Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              w={{ base: '100%', xs: 200 }}
            />
            <Button type="submit" loading={verifyEmail.isPending} mt={{ base: 0, xs: 26 }}>
              Verify Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Alert>
  );
}
