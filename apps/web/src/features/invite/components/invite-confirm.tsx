import { CODE_LENGTH, InviteConfirmFormSchema, MESSAGES, PRODUCT_NAME } from '@app/domain';
import { Alert, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmationCodeInput } from '@/components/confirmation-code-input';
import { IconAlert, IconMail } from '@/components/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
// NOTE: the invite flow ends in the same three auth calls as the auth screen; one file per endpoint.
import { useConfirmSignupMutation } from '@/lib/auth-api/confirm-signup';
import { useLoginMutation } from '@/lib/auth-api/login';
import { useResendCodeMutation } from '@/lib/auth-api/resend-code';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { RegisteredAccount } from './invite-wizard';

export const CONFIRM_TITLE = 'Confirm Your Account';

function codeError(code: string): string | null {
  const result = InviteConfirmFormSchema.safeParse({ code });
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.checkConfirmationCode);
}

/**
 * Spec §2 step 5 and §8 "Invite flow": the emailed code confirms the new business account, which
 * then signs in (remember-me off, spec §4) and goes to /admin.
 */
export function InviteConfirm({ account }: { account: RegisteredAccount }) {
  const { email } = account;
  const navigate = useNavigate();
  const { signIn } = useSession();
  const confirmMutation = useConfirmSignupMutation();
  const resendMutation = useResendCodeMutation();
  const loginMutation = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirming = useSingleFlight();
  const resending = useSingleFlight();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (code: string) => codeError(code) },
  });

  // The screen replaced the wizard: move focus to its title so everyone knows where they are.
  useEffect(() => titleRef.current?.focus(), []);

  const isConfirming = confirmMutation.isPending || loginMutation.isPending || confirming.isRunning;

  const confirm = ({ code }: { code: string }) => void confirming.run(() => confirmCode(code));

  const confirmCode = async (code: string) => {
    setFailure(null);
    try {
      await confirmMutation.mutateAsync({ username: email, code: code.trim() });
    } catch (error) {
      setFailure(serverMessageOf(error) ?? MESSAGES.failedToConfirmAccount);
      return;
    }
    const name = account.firstName ? `, ${account.firstName}` : '';
    toast.success({
      title: MESSAGES.accountConfirmed,
      message: `Welcome to ${PRODUCT_NAME}${name}! Your business account is ready.`,
    });
    try {
      const tokens = await loginMutation.mutateAsync({ email, password: account.password });
      signIn(tokens, { rememberMe: false });
      navigate(paths.admin.getHref(), { replace: true });
    } catch (error) {
      // Confirmed, but the automatic sign-in did not work: let the person sign in themselves.
      console.warn('Signing in after confirming the business account failed', error);
      toast.info({ title: 'Please sign in', message: 'Your account is confirmed. Sign in to continue.' });
      navigate(paths.login.getHref(), { replace: true });
    }
  };

  const resend = () => void resending.run(resendCode);

  const resendCode = async () => {
    try {
      await resendMutation.mutateAsync({ username: email });
      toast.success({ title: MESSAGES.codeResent, message: MESSAGES.checkEmailForNewCode });
    } catch (error) {
      toast.error({
        title: MESSAGES.resendFailed,
        message: serverMessageOf(error) ?? MESSAGES.failedToResendCode,
      });
    }
  };

  return (
    <Container size={520} py={{ base: 'lg', sm: 56 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        <form onSubmit={form.onSubmit(confirm)} noValidate aria-labelledby="invite-confirm-title">
          <Stack gap="lg">
            <Stack gap="sm">
              <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
                <IconMail size={24} />
              </ThemeIcon>
              <Title
                order={1}
                fz={{ base: 26, sm: 30 }}
                id="invite-confirm-title"
                ref={titleRef}
                tabIndex={-1}
              >
                {CONFIRM_TITLE}
              </Title>
              <Text>
                We emailed a {CODE_LENGTH}-digit code to{' '}
                <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>. Enter it below to activate your
                business account.
              </Text>
            </Stack>
            <ConfirmationCodeInput
              id="invite-confirmation-code"
              value={form.values.code}
              onChange={(value) => form.setFieldValue('code', value)}
              error={form.errors.code}
            />
            {failure ? (
              <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
                {failure}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth size="md" loading={isConfirming}>
              Confirm Account
            </Button>
            <Group justify="center" gap={4}>
              <Text size="sm" c="dimmed">
                Didn&apos;t get the code?
              </Text>
              <Button variant="subtle" size="sm" px={8} onClick={resend} loading={resendMutation.isPending}>
                Resend Code
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
