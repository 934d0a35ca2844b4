import { MESSAGES } from '@app/domain';
import { Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBlocker } from '@/lib/navigation';

export const LEAVE_PAGE_TITLE = 'Leave this page?';
export const LEAVE_PAGE = 'Leave Page';
export const UNSAVED_CHANGES_WILL_BE_LOST = 'You have unsaved changes. If you leave now, they will be lost.';

/**
 * Warns before unsaved work is lost: the browser's own prompt on reload or close (beforeunload),
 * and for a link, navigate() or back/forward to another page, a dialog ('Stay on Page' or 'Leave
 * Page'). A change of search or hash on the same page (a wizard's step) is not leaving.
 * `isDirty` is read at the moment of leaving. `guardsRoutes: false` keeps only the browser prompt,
 * for work that survives a navigation inside the app but not a closed tab.
 */
export function UnsavedChangesGuard({
  isDirty,
  message = UNSAVED_CHANGES_WILL_BE_LOST,
  guardsRoutes = true,
}: {
  isDirty: () => boolean;
  message?: string;
  guardsRoutes?: boolean;
}) {
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guardsRoutes && currentLocation.pathname !== nextLocation.pathname && isDirtyRef.current(),
  );

  useEffect(() => {
    const warnBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirtyRef.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={LEAVE_PAGE_TITLE}
      centered
      radius="lg"
      size={460}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            {LEAVE_PAGE}
          </Button>
          <Button onClick={() => blocker.reset?.()} data-autofocus>
            {MESSAGES.stayOnPage}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
