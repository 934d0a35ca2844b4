import {
  assertNever,
  type BookingStatus,
  type CancelledBy,
  systemLineText,
  type ThreadMessage,
} from '@app/domain';
import type { ThreadLineRow } from '../../repositories/threads.repository';

/** The booking columns a system line's text reads: who cancelled it, and the business's reason. */
export interface SystemLineBooking {
  cancelled_by: CancelledBy | null;
  cancellation_reason: string | null;
}

/**
 * Who moves a booking to each status (the transition table has one actor per status but
 * Cancelled, which the booking row records: a party, or the system at a payment deadline; a row
 * cancelled before it did was the customer's).
 */
function actorOf(status: BookingStatus, booking: SystemLineBooking): CancelledBy {
  switch (status) {
    case 'Requested':
    case 'Confirmed':
    case 'Declined':
      return 'customer';
    case 'Approved':
    case 'Denied':
    case 'Countered':
      return 'business';
    case 'Cancelled':
      return booking.cancelled_by ?? 'customer';
    default:
      return assertNever(status);
  }
}

/**
 * The one place a thread line becomes the contract's ThreadMessage: a party's body as typed, or a
 * system line's text, made now from its status and price (and the booking's cancellation reason).
 */
export function toThreadMessage(row: ThreadLineRow, booking: SystemLineBooking): ThreadMessage {
  if (row.sender !== 'system' || row.status === null) {
    return { id: row.id, from: row.sender, body: row.body, createdAt: row.created_at };
  }
  const actor = actorOf(row.status, booking);
  return {
    id: row.id,
    from: 'system',
    body: systemLineText({
      status: row.status,
      actor,
      price: row.price,
      reason: actor === 'customer' ? null : booking.cancellation_reason,
    }),
    createdAt: row.created_at,
  };
}
