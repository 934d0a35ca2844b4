import { CODE_LENGTH, MESSAGES } from '@app/domain';
import { Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from '@/lib/navigation';

/**
 * While an account awaits its code (spec §2): the browser warns before unloading the page, and an
 * in-app navigation is held until the person chooses 'Stay on Page' or 'Leave Without Verifying'.
 * `isActive` is a function so that a successful confirmation can lift the guard and navigate in the
 * same tick.
 */
export function LeaveVerificationGuard({ isActive }: { isActive: () => boolean }) {
  const blocker = useBlocker(() => isActive());

  useEffect(() => {
    const warnBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isActive()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, [isActive]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={MESSAGES.verificationRequiredTitle}
      centered
      radius="lg"
      size={500}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>
          Your account is not verified yet. Enter the {CODE_LENGTH}-digit code we emailed you to finish
          creating it. If you leave now, you will need to verify your account before you can sign in.
        </Text>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            {MESSAGES.leaveWithoutVerifying}
          </Button>
          <Button onClick={() => blocker.reset?.()} data-autofocus>
            {MESSAGES.stayOnPage}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
