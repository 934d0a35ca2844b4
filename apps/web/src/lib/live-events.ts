import type { LiveMessageEvent, ThreadMessage } from '@app/domain';
import { EventSource, type FetchLike } from 'eventsource';
import { API_BASE_PATH, refreshAccessToken } from './api-client';
import { getAccessToken } from './session';

/**
 * The signed-in user's live stream (GET /api/events, api-contract §8.8): `message` events with a new
 * line of one of their booking threads, `booking` events when one of their bookings changes status.
 *
 * NOTE: the browser's EventSource cannot send the Bearer header the API needs, so the stream goes
 * through the `eventsource` package, which follows the same standard over `fetch` (decision 13).
 * Every (re)connection reads the current access token; a 401 (the token expired while the stream
 * was down) refreshes it once through the API client's queue, as any other call would.
 *
 * The server ends the stream when the access token it was opened with expires; the package then
 * reconnects after the server's `retry` (3 s) with the token the session refreshed meanwhile. A
 * connection that fails (offline, or an answer that is not a stream: 404, 503, …) is tried again
 * after RETRY_FIRST_MS, then less and less often; the caller polls meanwhile (`onDown`).
 */

export const LIVE_EVENTS_PATH = `${API_BASE_PATH}/events`;

/** The first wait after a refused connection, doubled each time up to the longest. */
const RETRY_FIRST_MS = 15_000;
const RETRY_LONGEST_MS = 5 * 60_000;

/** A new line of one of the user's threads, as the handlers get it. */
export interface LiveLine {
  bookingId: string;
  message: ThreadMessage;
}

export interface LiveEventHandlers {
  onMessage: (event: LiveLine) => void;
  /** A new line of this booking's thread that the event did not carry (too large to relay): read it. */
  onThreadChanged: (bookingId: string) => void;
  /** One of the user's bookings changed status (`{ bookingId, status }`): its cards are out of date. */
  onBooking: (bookingId: string) => void;
  /**
   * The stream delivers events from now on. Those sent before (while it was down, or before the
   * first connection) were not: catch up with what the caller shows.
   */
  onOpen: () => void;
  /** The stream is down (reconnecting, or refused for now): poll meanwhile. */
  onDown: () => void;
}

export interface LiveConnection {
  close: () => void;
}

/** fetch with the Bearer token and the API client's refresh rule (one refresh on a 401, then retry). */
const authorisedFetch: FetchLike = async (url, init) => {
  const send = (token: string | null) =>
    fetch(url, {
      ...init,
      credentials: 'include',
      headers: { ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  const tokenUsed = getAccessToken();
  const response = await send(tokenUsed);
  if (response.status !== 401 || tokenUsed === null) return response;
  // Another request may have refreshed meanwhile: its token is used instead of a second refresh.
  const current = getAccessToken();
  return send(current && current !== tokenUsed ? current : await refreshAccessToken(tokenUsed));
};

// NOTE: checked by hand, not with @app/domain's zod schemas (LiveMessageEventSchema): this module
// loads for every signed-in page, and zod would triple its size. Same rules as those schemas.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SENDERS: ReadonlySet<unknown> = new Set(['customer', 'business', 'system']);

function isThreadMessage(value: unknown): value is ThreadMessage {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    SENDERS.has(value.from) &&
    typeof value.body === 'string' &&
    typeof value.createdAt === 'string'
  );
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A `message` event: the message object with its `bookingId` (api-contract §8.9). */
export function asLiveMessageEvent(data: unknown): LiveLine | null {
  const event = parseJson(data);
  if (!isThreadMessage(event)) return null;
  const { id, from, body, createdAt, bookingId } = event as ThreadMessage & Partial<LiveMessageEvent>;
  return typeof bookingId === 'string' ? { bookingId, message: { id, from, body, createdAt } } : null;
}

/** A `message` event that names its line without carrying it: `{ bookingId, messageId }`. */
export function asLiveMessageRef(data: unknown): { bookingId: string } | null {
  const event = parseJson(data);
  return isRecord(event) && typeof event.bookingId === 'string' && typeof event.messageId === 'string'
    ? { bookingId: event.bookingId }
    : null;
}

/** A `booking` event: `{ bookingId, status }` (the status itself is read again with the bookings). */
export function asLiveBookingEvent(data: unknown): { bookingId: string } | null {
  const event = parseJson(data);
  return isRecord(event) && typeof event.bookingId === 'string' && typeof event.status === 'string'
    ? { bookingId: event.bookingId }
    : null;
}

/** Opens the live stream and keeps it open until `close()` (sign-out). */
export function connectLiveEvents(handlers: LiveEventHandlers): LiveConnection {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_FIRST_MS;
  let isDown = false;
  let isClosed = false;

  const markDown = () => {
    if (isDown) return;
    isDown = true;
    handlers.onDown();
  };

  const open = () => {
    const stream = new EventSource(LIVE_EVENTS_PATH, { fetch: authorisedFetch });
    let isOpen = false;
    source = stream;
    stream.addEventListener('open', () => {
      isOpen = true;
      isDown = false;
      retryDelay = RETRY_FIRST_MS;
      handlers.onOpen();
    });
    stream.addEventListener('message', (event: MessageEvent) => {
      const message = asLiveMessageEvent(event.data);
      if (message) {
        handlers.onMessage(message);
        return;
      }
      const reference = asLiveMessageRef(event.data);
      if (reference) handlers.onThreadChanged(reference.bookingId);
    });
    stream.addEventListener('booking', (event: MessageEvent) => {
      const booking = asLiveBookingEvent(event.data);
      if (booking) handlers.onBooking(booking.bookingId);
    });
    stream.addEventListener('error', () => {
      markDown();
      // A stream that ended after delivering (the server ends it when its token expires) is
      // reopened by the package after the server's `retry`. One that could not connect (offline,
      // refused) is retried here, less and less often, rather than every few seconds.
      if (isOpen && stream.readyState === stream.CONNECTING) {
        isOpen = false;
        return;
      }
      stream.close();
      if (isClosed) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_LONGEST_MS);
    });
  };

  open();
  return {
    close() {
      isClosed = true;
      clearTimeout(retryTimer);
      source?.close();
    },
  };
}
