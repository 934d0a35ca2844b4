import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { useSingleFlight } from '@/lib/use-single-flight';
import classes from './two-step-confirm.module.css';

export interface ConfirmStep {
  title: string;
  body: ReactNode;
  /** The red button that goes on: to the final dialog from the first, to the action from the final. */
  confirmLabel: string;
  /** Form fields under the body, e.g. a required reason. */
  fields?: ReactNode;
}

/**
 * A red button whose action stands behind two confirmations (spec §4: denying or cancelling a
 * request): a first dialog, then a final one whose button runs `onConfirm`. Either dialog's
 * `keepLabel` button closes it with nothing done; the final one stays open while the action runs.
 * With `canContinue`, the first dialog's button goes on only when it answers true (its fields then
 * say what is missing).
 */
export function TwoStepConfirmButton({
  label,
  disabled = false,
  keepLabel,
  first,
  final,
  onConfirm,
  isPending,
  canContinue,
}: {
  /** The button that opens the first dialog, e.g. 'Deny'. */
  label: string;
  disabled?: boolean;
  /** The button that backs out, e.g. 'Keep Request'. */
  keepLabel: string;
  first: ConfirmStep;
  final: ConfirmStep;
  /** Runs the action and reports its outcome; the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
  isPending: boolean;
  /** Checks the first dialog's fields before the final dialog opens. */
  canContinue?: () => boolean;
}) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const close = () => setStep(0);
  const confirmation = useSingleFlight();
  const isBusy = isPending || confirmation.isRunning;

  return (
    <>
      <Button variant="default" color="red" size="sm" onClick={() => setStep(1)} disabled={disabled}>
        {label}
      </Button>
      <DeferredModal
        classNames={{ title: classes.modalTitle }}
        opened={step === 1}
        onClose={close}
        title={first.title}
        centered
      >
        <Stack gap="md">
          <Text>{first.body}</Text>
          {first.fields}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {keepLabel}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (!canContinue || canContinue()) setStep(2);
              }}
            >
              {first.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </DeferredModal>
      <DeferredModal
        classNames={{ title: classes.modalTitle }}
        opened={step === 2}
        onClose={() => {
          if (!confirmation.isInFlight()) close();
        }}
        title={final.title}
        centered
      >
        <Stack gap="md">
          <Text>{final.body}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isBusy}>
              {keepLabel}
            </Button>
            <Button
              color="red"
              loading={isBusy}
              onClick={() => void confirmation.run(() => onConfirm().finally(close))}
            >
              {final.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </DeferredModal>
    </>
  );
}
