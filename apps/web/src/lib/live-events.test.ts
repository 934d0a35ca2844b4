import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  asLiveBookingEvent,
  asLiveMessageEvent,
  connectLiveEvents,
  type LiveEventHandlers,
} from './live-events';
import { getSession, saveSession } from './session';

const encoder = new TextEncoder();

/** A `text/event-stream` answer the test writes to. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
  return {
    response,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
  };
}

function recordingHandlers() {
  const seen: string[] = [];
  const handlers: LiveEventHandlers = {
    onOpen: () => seen.push('open'),
    onDown: () => seen.push('down'),
    onMessage: (event) => seen.push(`message ${event.bookingId} ${event.message.id}`),
    onThreadChanged: (bookingId) => seen.push(`thread ${bookingId}`),
    onBooking: (bookingId) => seen.push(`booking ${bookingId}`),
  };
  return { seen, handlers };
}

let connection: { close: () => void } | undefined;
afterEach(() => connection?.close());

describe('the live events client', () => {
  it('sends the Bearer token and hands on message and booking events', async () => {
    saveSession({ accessToken: 'access-1', refreshToken: 'refresh-1' }, { rememberMe: false });
    const stream = streamResponse();
    const api = stubFetch().on('GET', '/api/events', () => stream.response);
    const { seen, handlers } = recordingHandlers();
    connection = connectLiveEvents(handlers);

    await vi.waitFor(() => expect(seen).toEqual(['open']));
    const line = { id: 'm1', from: 'business', body: '<b>Hi</b>', createdAt: '2026-11-20T10:00:00.000Z' };
    stream.write(`id: m1\nevent: message\ndata: ${JSON.stringify({ ...line, bookingId: 'b1' })}\n\n`);
    stream.write(`event: booking\ndata: ${JSON.stringify({ bookingId: 'b1', status: 'Approved' })}\n\n`);
    // A line too large to relay between instances: named, not carried.
    stream.write('id: m2\nevent: message\ndata: {"bookingId":"b2","messageId":"m2"}\n\n');
    // Not the contract's shape: ignored.
    stream.write('event: message\ndata: {"bookingId":"b1"}\n\n');
    await vi.waitFor(() => expect(seen).toEqual(['open', 'message b1 m1', 'booking b1', 'thread b2']));
    expect(api.calls[0]!.headers).toMatchObject({
      authorization: 'Bearer access-1',
      accept: 'text/event-stream',
    });
  });

  it('refreshes an expired token through the API client once, and connects with the new one', async () => {
    saveSession({ accessToken: 'expired', refreshToken: 'refresh-1' }, { rememberMe: false });
    const stream = streamResponse();
    const api = stubFetch()
      .on('GET', '/api/events', apiErrorResponse(401, 'NotAuthorized', 'Token expired'))
      .on('GET', '/api/events', () => stream.response)
      .on(
        'POST',
        '/api/auth/refresh',
        jsonResponse(200, { accessToken: 'fresh', refreshToken: 'refresh-2' }),
      );
    const { seen, handlers } = recordingHandlers();
    connection = connectLiveEvents(handlers);

    await vi.waitFor(() => expect(seen).toEqual(['open']));
    expect(api.callsTo('GET', '/api/events').map((call) => call.headers.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(getSession()).toEqual({ accessToken: 'fresh', refreshToken: 'refresh-2' });
  });

  it('says the stream is down when it is refused, and tries again after 15 s, then less often', async () => {
    vi.useFakeTimers();
    saveSession({ accessToken: 'access-1', refreshToken: 'refresh-1' }, { rememberMe: false });
    const api = stubFetch().on('GET', '/api/events', apiErrorResponse(503, 'ServiceUnavailable', 'Down'));
    const { seen, handlers } = recordingHandlers();
    connection = connectLiveEvents(handlers);

    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toEqual(['down']);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(3);
    expect(seen).toEqual(['down']);
  });

  it('stops for good when closed (sign-out)', async () => {
    vi.useFakeTimers();
    saveSession({ accessToken: 'access-1', refreshToken: 'refresh-1' }, { rememberMe: false });
    const api = stubFetch().on('GET', '/api/events', apiErrorResponse(503, 'ServiceUnavailable', 'Down'));
    const { handlers } = recordingHandlers();
    connectLiveEvents(handlers).close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(api.callsTo('GET', '/api/events').length).toBeLessThanOrEqual(1);
  });
});

describe('reading live events', () => {
  it('accepts the contract shapes only', () => {
    const message = {
      id: 'm1',
      from: 'system',
      body: 'Approved: £40',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    expect(asLiveMessageEvent(JSON.stringify({ ...message, bookingId: 'b1' }))).toEqual({
      bookingId: 'b1',
      message,
    });
    expect(asLiveMessageEvent(JSON.stringify({ ...message, from: 'admin', bookingId: 'b1' }))).toBeNull();
    expect(asLiveMessageEvent('not json')).toBeNull();
    expect(asLiveBookingEvent(JSON.stringify({ bookingId: 'b1', status: 'Cancelled' }))).toEqual({
      bookingId: 'b1',
    });
    expect(asLiveBookingEvent(JSON.stringify({ bookingId: 'b1' }))).toBeNull();
  });
});
