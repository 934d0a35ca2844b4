/**
 * Whether the toast host (Mantine's <Notifications>, see app/provider.tsx) is needed yet. Its code
 * is loaded when the first toast is shown rather than with the page: toasts only ever follow
 * something the person did. A toast raised before the host is mounted waits in the notifications
 * store and appears as soon as it is.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

export function requestToastHost(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export const isToastHostRequested = (): boolean => requested;

export function subscribeToastHost(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
