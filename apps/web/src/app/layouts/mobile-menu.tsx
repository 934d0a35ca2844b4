import { PRODUCT_NAME } from '@app/domain';
import { Drawer } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import classes from './navigation-bar.module.css';

/**
 * The burger menu's drawer (768 px or less). Its own chunk: the drawer (overlay, focus trap, scroll
 * lock) is only needed once the menu is opened, so it stays off the first page load.
 */
export default function MobileMenu({
  id,
  opened,
  onClose,
  children,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  // Mounted by the first opening: open one render later, because Mantine notes the element to give
  // focus back to (the burger) only when `opened` changes, not on mount.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer
      opened={opened && isMounted}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title={PRODUCT_NAME}
      closeOnEscape
      closeOnClickOutside
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <nav id={id} aria-label="Main" className={classes.mobileLinks}>
        {children}
      </nav>
    </Drawer>
  );
}
