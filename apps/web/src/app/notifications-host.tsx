import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear. Loaded after the first page has rendered (see AppProvider): toasts raised
 * before that wait in the notifications store and show as soon as this mounts.
 */
export default function NotificationsHost() {
  // Spec §8: toasts at bottom-end, which Mantine names bottom-right (the page is left-to-right).
  return <Notifications position="bottom-right" zIndex={1000} />;
}
