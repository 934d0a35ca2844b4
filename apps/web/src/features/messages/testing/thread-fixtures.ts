import { type Booking, THREAD_PAGE_SIZE, type ThreadMessage } from '@app/domain';
import type { getUnreadMessages } from '@/lib/unread-messages';
import { type FetchStub, jsonResponse, type RecordedCall, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { getThreadPage } from '../api/get-booking-thread';
import type { postMessage } from '../api/post-message';

/** Test data and setup for booking threads (test-only). */

export { makeBooking } from '@/testing/bookings';

let nextLine = 1;

/** One line of a thread as the API sends it; only what a test cares about needs saying. */
export function threadLine(overrides: Partial<ThreadMessage> = {}): Awaited<ReturnType<typeof postMessage>> {
  return {
    id: `line-${String(nextLine++).padStart(4, '0')}`,
    from: 'customer',
    body: 'Hello',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** GET /booking/messages's answer, typed as the web reads it. */
export const threadPage = (
  messages: ThreadMessage[],
  open = true,
): Awaited<ReturnType<typeof getThreadPage>> => ({ messages, open });

/**
 * A fake of GET /booking/messages over one thread, read as the API reads it: the lines after
 * `after`, at most THREAD_PAGE_SIZE an answer. `add` writes lines to it, as the other party would.
 */
export function threadServer(initial: ThreadMessage[] = [], { open = true }: { open?: boolean } = {}) {
  const lines = [...initial];
  return {
    respond: (call: RecordedCall) => {
      const after = call.query.get('after');
      const start = after ? lines.findIndex((line) => line.id === after) + 1 : 0;
      return jsonResponse(200, threadPage(lines.slice(start, start + THREAD_PAGE_SIZE), open));
    },
    add(...more: ThreadMessage[]) {
      lines.push(...more);
    },
  };
}

/** GET /booking/unread's answer for these counts, typed as the web reads it. */
export function unreadCounts(
  byBooking: Record<string, number> = {},
): Awaited<ReturnType<typeof getUnreadMessages>> {
  return { total: Object.values(byBooking).reduce((sum, n) => sum + n, 0), byBooking };
}

/**
 * A fake of GET /api/events: each connection is a `text/event-stream` the test writes events to.
 * `retry` is the reconnection time the stream announces (the API says 3000).
 */
export function liveStream({ retry = 3000 }: { retry?: number } = {}) {
  const encoder = new TextEncoder();
  const connections: ReadableStreamDefaultController<Uint8Array>[] = [];
  const current = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error('The live stream is not connected');
    return connection;
  };
  return {
    /** The responder for `api.on('GET', '/api/events', …)`. */
    respond: (_call: RecordedCall) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            connections.push(controller);
            controller.enqueue(encoder.encode(`retry: ${retry}\n\n`));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      ),
    get connectionCount() {
      return connections.length;
    },
    /** Sends an event on the latest connection. */
    send(event: 'message' | 'booking', data: unknown, id?: string) {
      const idLine = id ? `id: ${id}\n` : '';
      current().enqueue(encoder.encode(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** The server ends the latest connection (as it does when the access token expires). */
    end() {
      current().close();
    },
  };
}

export type LiveStream = ReturnType<typeof liveStream>;

const isAgreed = (booking: Booking) => booking.Status === 'Approved' || booking.Status === 'Confirmed';

type UnreadAnswer = Awaited<ReturnType<typeof getUnreadMessages>>;
/** A fixed answer, or one read at each call (what the server says now). */
type Answer<T> = T | (() => T);
const now = <T>(answer: Answer<T>): T => (typeof answer === 'function' ? (answer as () => T)() : answer);

/**
 * Signs in as a customer and opens /profile with these bookings and unread counts (each read at
 * every call when given as a function) and the live stream.
 */
export function renderCustomer({
  bookings,
  api = stubFetch(),
  stream = liveStream(),
  unread = unreadCounts(),
}: {
  bookings: Answer<Booking[]>;
  api?: FetchStub;
  stream?: LiveStream;
  unread?: Answer<UnreadAnswer>;
}) {
  api
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on('GET', '/api/booking/userbookings', () => {
      const all = now(bookings);
      return jsonResponse(200, { requests: all, bookings: all.filter(isAgreed) });
    })
    .on('GET', '/api/booking/unread', () => jsonResponse(200, now(unread)))
    .on('GET', '/api/events', stream.respond);
  return { api, stream, ...renderApp({ route: '/profile', session: {} }) };
}

/** Signs in as a business and opens its dashboard with these bookings (each read by its status). */
export function renderBusiness({
  bookings,
  api = stubFetch(),
  stream = liveStream(),
  unread = unreadCounts(),
}: {
  bookings: Booking[];
  api?: FetchStub;
  stream?: LiveStream;
  unread?: Answer<UnreadAnswer>;
}) {
  api
    .on(
      'GET',
      '/api/user/userdetails',
      jsonResponse(
        200,
        userDetails('Business', {
          id: 'business-1',
          BusinessName: 'Fade Factory',
          BusinessAddress: '12 Castle Street\nBelfast, BT1 1AA',
          BusinessDescription: 'Skin fades.',
          minimumPrice: 20,
          homeVisitsEnabled: false,
          availability: { Monday: [{ start: '09:00', end: '17:00' }] },
          awayDates: [],
          cancellationNoticeHours: 0,
          showFullAddress: true,
          PendingEmail: null,
        }),
      ),
    )
    .on('GET', '/api/booking/getallbookings', (call) => {
      const statuses = call.query.get('status')?.split(',');
      const matching = bookings.filter((booking) => !statuses || statuses.includes(booking.Status));
      return jsonResponse(200, { bookings: matching, nextCursor: null });
    })
    .on('GET', '/api/booking/unread', () => jsonResponse(200, now(unread)))
    .on('GET', '/api/events', stream.respond);
  return {
    api,
    stream,
    ...renderApp({
      route: '/admin',
      session: { accessToken: makeAccessToken({ sub: 'business-1', userType: 'Business' }) },
    }),
  };
}

/** The thread reads the page asked for, by its `after` ('' for the first). */
export const threadCalls = (api: FetchStub) =>
  api.callsTo('GET', '/api/booking/messages').map((call) => call.query.get('after') ?? '');
