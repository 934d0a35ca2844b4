import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Mantine's Modal, put into the document only when it is first opened. A closed Modal is not free:
 * it mounts a portal (a `<div>` on `<body>`, whose state is set in a layout effect, which costs a
 * second render before the browser may paint) and its overlay, content and scroll-lock parts. A list
 * whose cards each carry closed dialogs (Deny, Counter, Cancel) paid that for every card while the
 * page loaded.
 *
 * It mounts closed and opens on the next render, so the opening transition plays as before; once
 * opened it stays mounted, so closing animates and opening again is immediate.
 */
export function DeferredModal(props: ModalProps) {
  const { opened } = props;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (opened) setMounted(true);
  }, [opened]);
  if (!mounted && !opened) return null;
  return <Modal {...props} opened={opened && mounted} />;
}
