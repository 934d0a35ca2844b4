import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { useSingleFlight } from '@/lib/use-single-flight';
import classes from './confirm-button.module.css';

export interface ConfirmStep {
  title: string;
  body: ReactNode;
  /** The button that goes on: to the final dialog, or to the action from the dialog that runs it. */
  confirmLabel: string;
  /** Form fields under the body, e.g. a required reason. */
  fields?: ReactNode;
}

/**
 * A button whose action stands behind a confirmation. Destructive ('danger', red: spec §4's denying
 * or cancelling) it takes two: a first dialog, then a `final` one whose button runs `onConfirm`. A
 * change that can be reversed later ('primary', e.g. approving a request), or a red one that can
 * be made good again (no `final`, e.g. revoking an invitation that can be sent again), takes the
 * first dialog alone, whose button runs it. Either dialog's `keepLabel` button closes it with nothing done; the
 * dialog that runs the action stays open while it runs. With `canContinue`, the first dialog's
 * button goes on only when it answers true (its fields then say what is missing).
 */
export function ConfirmButton({
  label,
  accessibleName,
  tone = 'danger',
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
  /** The button's name for a screen reader where `label` alone is ambiguous (a list of them). */
  accessibleName?: string;
  /** 'danger' (the default, red) runs from `final` when given; 'primary' runs from the first dialog. */
  tone?: 'danger' | 'primary';
  disabled?: boolean;
  /** The button that backs out, e.g. 'Keep Request'. */
  keepLabel: string;
  first: ConfirmStep;
  /** The second confirmation of a destructive action. */
  final?: ConfirmStep;
  /** Runs the action and reports its outcome; the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
  isPending: boolean;
  /** Checks the first dialog's fields before going on. */
  canContinue?: () => boolean;
}) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const close = () => setStep(0);
  const confirmation = useSingleFlight();
  const isBusy = isPending || confirmation.isRunning;
  const color = tone === 'danger' ? 'red' : undefined;
  const run = () => void confirmation.run(() => onConfirm().finally(close));
  /** The dialog whose button runs the action cannot be closed while it runs. */
  const closeUnlessRunning = () => {
    if (!confirmation.isInFlight()) close();
  };

  return (
    <>
      <Button
        variant={tone === 'danger' ? 'default' : 'filled'}
        color={color}
        size="sm"
        onClick={() => setStep(1)}
        aria-label={accessibleName}
        disabled={disabled}
        loading={tone === 'primary' && isPending}
      >
        {label}
      </Button>
      <DeferredModal
        classNames={{ title: classes.modalTitle }}
        opened={step === 1}
        onClose={final ? close : closeUnlessRunning}
        title={first.title}
        centered
      >
        <Stack gap="md">
          <Text>{first.body}</Text>
          {first.fields}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={!final && isBusy}>
              {keepLabel}
            </Button>
            <Button
              color={color}
              loading={!final && isBusy}
              onClick={() => {
                if (canContinue && !canContinue()) return;
                if (final) setStep(2);
                else run();
              }}
            >
              {first.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </DeferredModal>
      {final ? (
        <DeferredModal
          classNames={{ title: classes.modalTitle }}
          opened={step === 2}
          onClose={closeUnlessRunning}
          title={final.title}
          centered
        >
          <Stack gap="md">
            <Text>{final.body}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isBusy}>
                {keepLabel}
              </Button>
              <Button color={color} loading={isBusy} onClick={run}>
                {final.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </DeferredModal>
      ) : null}
    </>
  );
}
