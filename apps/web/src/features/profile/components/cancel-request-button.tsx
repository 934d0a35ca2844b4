import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSingleFlight } from '@/lib/use-single-flight';
import classes from './profile-page.module.css';

/**
 * 'Cancel Request' behind two confirmations (spec §4): a first dialog, then a final one whose
 * button sends the cancellation.
 */
export function CancelRequestButton({
  description,
  onConfirm,
  isPending,
}: {
  /** What is being cancelled, e.g. 'your request to Fade & Co for Sat 5 Dec 2026, 10:00'. */
  description: string;
  /** Sends the cancellation and reports the outcome; the dialog closes when it settles. */
  onConfirm: () => Promise<void>;
  isPending: boolean;
}) {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const close = () => setStep(0);
  const confirmation = useSingleFlight();
  const isBusy = isPending || confirmation.isRunning;

  return (
    <>
      <Button variant="default" color="red" size="sm" onClick={() => setStep(1)}>
        Cancel Request
      </Button>
      <Modal
        classNames={{ title: classes.modalTitle }}
        opened={step === 1}
        onClose={close}
        title="Cancel this request?"
        centered
      >
        <Stack gap="md">
          <Text>Do you want to cancel {description}?</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep Request
            </Button>
            <Button color="red" onClick={() => setStep(2)}>
              Yes, Cancel It
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        classNames={{ title: classes.modalTitle }}
        opened={step === 2}
        onClose={() => {
          if (!confirmation.isInFlight()) close();
        }}
        title="Are you sure?"
        centered
      >
        <Stack gap="md">
          <Text>
            This cannot be undone. The business will be told you cancelled, and you would need to send a new
            request for this time.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isBusy}>
              Keep Request
            </Button>
            <Button
              color="red"
              loading={isBusy}
              onClick={() => void confirmation.run(() => onConfirm().finally(close))}
            >
              Confirm Cancellation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
