import {
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  depositPercentError,
  type PaymentMode,
  type PaymentSettings,
} from '@app/domain';
import { Button, Group, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  useConnectPayoutsMutation,
  usePaymentAccount,
  usePaymentSettings,
  useUpdatePaymentSettingsMutation,
} from '../api/payments';
import { showFailure } from '../utils/errors';

const MODES: { value: PaymentMode; label: string }[] = [
  { value: 'none', label: 'Pay at the appointment' },
  { value: 'deposit', label: 'A deposit when the booking is agreed' },
  { value: 'full', label: 'Full payment when the booking is agreed' },
];

function PaymentSettingsForm({
  settings,
  canAskOnline,
}: {
  settings: PaymentSettings;
  canAskOnline: boolean;
}) {
  const [mode, setMode] = useState<PaymentMode>(settings.mode);
  const [percent, setPercent] = useState(String(settings.depositPercent));
  const [isTouched, setIsTouched] = useState(false);
  const update = useUpdatePaymentSettingsMutation();
  const saving = useSingleFlight();
  const error = depositPercentError(percent);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsTouched(true);
    if ((mode === 'deposit' && error) || saving.isInFlight()) return;
    const depositPercent = error ? settings.depositPercent : Number(percent);
    void saving.run(() =>
      update.mutateAsync({ mode, depositPercent }).then(
        () => toast.success('Payment settings saved'),
        (failure) =>
          showFailure(failure, {
            title: 'Failed to save payment settings',
            fallback: 'Failed to save payment settings',
          }),
      ),
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Payment settings">
      <Stack gap="sm">
        <Radio.Group
          label="What customers pay online"
          value={mode}
          onChange={(value) => setMode(value as PaymentMode)}
        >
          <Stack gap="xs" mt="xs">
            {MODES.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                disabled={option.value !== 'none' && !canAskOnline}
              />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'deposit' ? (
          <TextInput
            label="Deposit (%)"
            description={`A whole percentage from ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX} of the agreed price`}
            inputMode="numeric"
            autoComplete="off"
            value={percent}
            onChange={(event) => setPercent(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={isTouched ? error : null}
            w={{ base: '100%', xs: 220 }}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save Payments
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Payments (api-contract §9.2): the business connects its payout account at the provider and
 * chooses what customers pay online when a booking is agreed.
 */
export function PaymentsCard() {
  const account = usePaymentAccount();
  const settings = usePaymentSettings();
  const connect = useConnectPayoutsMutation();
  const connecting = useSingleFlight();

  const openOnboarding = () =>
    connecting.run(async () => {
      try {
        const { url } = await connect.mutateAsync();
        window.location.assign(url);
      } catch (failure) {
        showFailure(failure, {
          title: 'Could not open the payout set-up',
          fallback: 'Please try again in a minute.',
        });
      }
    });

  const body = (() => {
    if (account.isError || settings.isError) {
      return (
        <LoadErrorAlert
          message="Failed to load your payment settings"
          onRetry={() => {
            void account.refetch();
            void settings.refetch();
          }}
        />
      );
    }
    if (!account.data || !settings.data)
      return <Skeleton height={120} aria-label="Loading your payment settings" />;
    const { status, provider } = account.data;
    if (provider === 'off') {
      return (
        <Text size="sm">
          Online payments are not set up on this server, so customers pay at the appointment.
        </Text>
      );
    }
    return (
      <Stack gap="md">
        <Text size="sm">
          {status === 'active'
            ? 'Your payout account can take payments.'
            : status === 'pending'
              ? 'Your payout account is waiting for its set-up to finish.'
              : 'Connect a payout account to take deposits or full payment online.'}
          {provider === 'development' ? ' (Test payments: no money moves.)' : ''}
        </Text>
        {status !== 'active' ? (
          <Group>
            <Button variant="default" onClick={openOnboarding} loading={connect.isPending}>
              {status === 'pending' ? 'Continue Set-up' : 'Connect Payout Account'}
            </Button>
          </Group>
        ) : null}
        <PaymentSettingsForm settings={settings.data} canAskOnline={status === 'active'} />
      </Stack>
    );
  })();

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="payments-title">
      <Title order={2} fz="h4" id="payments-title" mb={4}>
        Payments
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Ask for a deposit or full payment when you agree a booking. The customer pays online; a cancellation
        refunds what was paid.
      </Text>
      {body}
    </Paper>
  );
}
