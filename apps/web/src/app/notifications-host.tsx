import '@mantine/notifications/styles.layer.css';
import { MOBILE_BREAKPOINT_PX } from '@app/domain';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/** Phones (spec §9's mobile breakpoint): toasts go to the top, away from list actions and sticky buttons. */
export const PHONE_TOAST_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * Where toasts appear. Loaded after the first page has rendered (see AppProvider): toasts raised
 * before that wait in the notifications store and show as soon as this mounts.
 */
export default function NotificationsHost() {
  const isPhone = useMediaQuery(PHONE_TOAST_QUERY, false, { getInitialValueInEffect: false });
  // Spec §8: toasts at bottom-end, which Mantine names bottom-right (the page is left-to-right).
  // NOTE: on a phone bottom-end covers the sticky action bars and the buttons of the list being
  // worked on, so toasts show at the top there, just under the sticky navigation bar.
  return (
    <Notifications
      position={isPhone ? 'top-center' : 'bottom-right'}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}
