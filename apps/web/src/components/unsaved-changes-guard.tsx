import { MESSAGES } from '@app/domain';
import { Button, Flex, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { DeferredModal } from '@/components/deferred-modal';

export const LEAVE_PAGE_TITLE = 'Leave this page?';
export const LEAVE_PAGE = 'Leave Page';
export const UNSAVED_CHANGES_WILL_BE_LOST = 'You have unsaved changes. If you leave now, they will be lost.';

/**
 * The one leave guard: while `isActive` says so, the browser's own prompt on reload or close
 * (beforeunload), and for a link, navigate() or back/forward that `blocks`, a dialog ('Stay on Page'
 * or `leaveLabel`). Both are read at the moment of leaving.
 */
export function LeaveGuard({
  isActive,
  blocks = () => true,
  title,
  message,
  leaveLabel,
  size = 460,
}: {
  isActive: () => boolean;
  /** Which in-app navigations count as leaving (all by default). */
  blocks?: BlockerFunction;
  title: string;
  message: ReactNode;
  leaveLabel: string;
  size?: number;
}) {
  const isActiveRef = useRef(isActive);
  isActiveRef.current = isActive;

  const blocker = useBlocker((args) => blocks(args) && isActiveRef.current());

  useEffect(() => {
    const warnBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isActiveRef.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);

  return (
    <DeferredModal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={title}
      centered
      radius="lg"
      size={size}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            {leaveLabel}
          </Button>
          <Button onClick={() => blocker.reset?.()} data-autofocus>
            {MESSAGES.stayOnPage}
          </Button>
        </Flex>
      </Stack>
    </DeferredModal>
  );
}

/** A change of search or hash on the same page (a wizard's step) is not leaving it. */
const changesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname;

/**
 * Warns before unsaved work is lost: the browser's prompt on reload or close, and a dialog
 * ('Stay on Page' or 'Leave Page') before another page of the app. `isDirty` is read at the
 * moment of leaving.
 */
export function UnsavedChangesGuard({
  isDirty,
  message = UNSAVED_CHANGES_WILL_BE_LOST,
}: {
  isDirty: () => boolean;
  message?: string;
}) {
  return (
    <LeaveGuard
      isActive={isDirty}
      blocks={changesPage}
      title={LEAVE_PAGE_TITLE}
      message={message}
      leaveLabel={LEAVE_PAGE}
    />
  );
}
