import type { ModalProps } from '@mantine/core';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';

const LazyModal = preloadable(() =>
  import('./mantine-modal').then((module) => module.Modal as ComponentType<ModalProps>),
);

let preloadScheduled = false;
/** Fetches the Modal's code once the person engages with the page or it is idle (lib/idle.ts). */
function preloadSoon() {
  if (preloadScheduled) return;
  preloadScheduled = true;
  whenEngagedOrIdle(
    () =>
      void LazyModal.preload().catch(() => {
        preloadScheduled = false;
      }),
  );
}

/**
 * Mantine's Modal, put into the document only when it is first opened, its code loaded on demand. A
 * closed Modal is not free: it mounts a portal (a `<div>` on `<body>`, whose state is set in a layout
 * effect, which costs a second render before the browser may paint) and its overlay, content and
 * scroll-lock parts; and its code (with the focus trap, scroll lock and scroll area) took a share of
 * the module evaluation of every page with a dialog while it loaded. The code is fetched once the
 * person engages with the page or it is idle, so a dialog opens at once; one opened before then
 * waits for it (a failed load reaches the page's error boundary, as any lazily loaded code).
 *
 * It mounts closed and opens on the next render, so the opening transition plays as before; once
 * opened it stays mounted, so closing animates and opening again is immediate.
 */
export function DeferredModal(props: ModalProps) {
  const { opened } = props;
  const [mounted, setMounted] = useState(false);
  useEffect(preloadSoon, []);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  if (!mounted && !opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} opened={opened && mounted} />
    </Suspense>
  );
}
