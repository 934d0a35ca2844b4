import type { BookingStatus, ThreadMessage } from '@app/domain';

/**
 * What the live stream (GET /api/events, api-contract §8.8) tells the parties of a booking. Every
 * event names the accounts that may see it: a booking's customer and business, never anyone else.
 */
export type LiveEvent =
  | { type: 'message'; recipients: readonly string[]; bookingId: string; message: ThreadMessage }
  | { type: 'booking'; recipients: readonly string[]; bookingId: string; status: BookingStatus };

/**
 * Where services hand events after their transaction commits. The bus delivers each to the
 * recipients' open streams on every instance (in process on SQLite; PostgreSQL LISTEN/NOTIFY when
 * several instances share a database). Publishing never throws and never waits for delivery: a
 * lost event is caught up by the client's reconnect (`after`) and its 15 s polling.
 */
export interface LiveEvents {
  publish(event: LiveEvent): void;
}
