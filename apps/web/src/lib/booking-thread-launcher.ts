/**
 * Which booking's thread is open. The Messages buttons on both sides' booking cards open it here;
 * the messages feature, mounted once for a signed-in user (app/layouts/navigation-bar.tsx), shows
 * it. Plain state and listeners, like lib/toast-host.ts: the thread's code loads on its own, so
 * a card carries only its button.
 */

/** The thread to show and how the reader sees it. */
export interface BookingThreadTarget {
  bookingId: string;
  /** The reader's side: the customer (/profile) or the business (/admin). */
  viewer: 'customer' | 'business';
  /** The other party's name as the booking captured it. */
  otherName: string;
  /** The appointment, as the card says it ('Sat 5 Dec 2026, 10:00'). */
  when: string;
}

type Listener = () => void;

let current: BookingThreadTarget | null = null;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

export function openBookingThread(target: BookingThreadTarget): void {
  current = target;
  notify();
}

export function closeBookingThread(): void {
  if (current === null) return;
  current = null;
  notify();
}

export const getOpenBookingThread = (): BookingThreadTarget | null => current;

export function subscribeToBookingThread(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
