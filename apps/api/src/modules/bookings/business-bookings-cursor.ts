import { createHash, timingSafeEqual } from 'node:crypto';
import { ALL_BOOKINGS_MESSAGES, type AllBookingsQuery, MAX_ID_LENGTH } from '@app/domain';
import { AppError } from '../../lib/errors';

/**
 * The opaque page cursor of GET /booking/getallbookings (api-contract §8.5):
 * base64url of `sortKey|id|check`, where sortKey and id are the last row's (starts_at or
 * created_at, then id) and check is a SHA-256 (truncated) of the list it belongs to (the caller,
 * the order, from, to and the statuses) and of that position. A cursor from another list (other
 * filters, another business) or an altered one fails the check: 400, never a query. Rebuilding a
 * check by hand would only place a page of the caller's own bookings elsewhere, which from/to
 * already allow: the check guards against mistakes, not secrets, so it needs no key.
 */

export type BusinessBookingsOrder = 'starts' | 'created';

/** The last row of a page: where the next one starts (exclusive). */
export interface BusinessBookingsPosition {
  key: string;
  id: string;
}

const VERSION = 'b1';
const CHECK_BYTES = 12;
// Both sort keys are text the app wrote: 'YYYY-MM-DD HH:MM' and ISO timestamps.
const KEY_PATTERN = /^[0-9][0-9:.TZ+ -]{9,34}$/;

/** The order of a query: by BookingDateTime when from or to is given, else newest first. */
export const businessBookingsOrder = (query: Pick<AllBookingsQuery, 'from' | 'to'>): BusinessBookingsOrder =>
  query.from !== undefined || query.to !== undefined ? 'starts' : 'created';

function check(businessId: string, query: AllBookingsQuery, position: BusinessBookingsPosition): Buffer {
  const list = [
    VERSION,
    businessId,
    businessBookingsOrder(query),
    query.from ?? '',
    query.to ?? '',
    (query.status ?? []).join(','),
    position.key,
    position.id,
  ];
  return createHash('sha256').update(JSON.stringify(list), 'utf8').digest().subarray(0, CHECK_BYTES);
}

export function encodeBusinessBookingsCursor(
  businessId: string,
  query: AllBookingsQuery,
  position: BusinessBookingsPosition,
): string {
  const sum = check(businessId, query, position).toString('base64url');
  return Buffer.from(`${VERSION}|${position.key}|${position.id}|${sum}`, 'utf8').toString('base64url');
}

const invalidCursor = () =>
  new AppError('ValidationError', ALL_BOOKINGS_MESSAGES.cursor, 400, {
    cursor: ALL_BOOKINGS_MESSAGES.cursor,
  });

/** The position a cursor names, if it was made for this caller's same list; 400 otherwise. */
export function decodeBusinessBookingsCursor(
  businessId: string,
  query: AllBookingsQuery,
  cursor: string,
): BusinessBookingsPosition {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 4) throw invalidCursor();
  const [version, key, id, sum] = parts as [string, string, string, string];
  if (version !== VERSION || !KEY_PATTERN.test(key) || id.length === 0 || id.length > MAX_ID_LENGTH) {
    throw invalidCursor();
  }
  const given = Buffer.from(sum, 'base64url');
  const expected = check(businessId, query, { key, id });
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  return { key, id };
}
