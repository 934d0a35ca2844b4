import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { assertNever, type LiveBookingEvent, type LiveMessageEvent } from '@app/domain';
import type { Clock } from '../../lib/clock';
import type { LiveDelivery, LiveEventBus } from './live-event-bus';

export interface EventStreamSettings {
  /** A comment line this often, so proxies keep an idle stream open (api-contract §8.9: ≤ 30 s). */
  heartbeatMs: number;
  /** Open streams per account; one more closes the oldest, so one account cannot hold many. */
  maxPerAccount: number;
  /** The client's wait before reconnecting, sent first as `retry:`. */
  retryMs: number;
  /** A client this far behind (bytes not yet taken by its socket) is cut off; it reconnects. */
  maxBufferedBytes: number;
}

export const DEFAULT_EVENT_STREAM_SETTINGS: EventStreamSettings = {
  heartbeatMs: 20_000,
  maxPerAccount: 10,
  retryMs: 3_000,
  maxBufferedBytes: 1024 * 1024,
};

const HEARTBEAT = ': keep-alive\n\n';
/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An `id:` line ends at a line break, and a NUL makes clients ignore it: such an id is replaced. */
const eventId = (id: string) => (/[\r\n\0]/.test(id) ? randomUUID() : id);

/**
 * One event as text/event-stream. Data is one line of JSON (JSON.stringify escapes line breaks).
 * Kept per delivery, so the streams of one event share one string.
 */
const frames = new WeakMap<LiveDelivery, string>();
export function frameOf(delivery: LiveDelivery): string {
  const kept = frames.get(delivery);
  if (kept !== undefined) return kept;
  const frame = buildFrame(delivery);
  frames.set(delivery, frame);
  return frame;
}

function buildFrame(delivery: LiveDelivery): string {
  const { type } = delivery;
  switch (type) {
    case 'message': {
      const data: LiveMessageEvent = { ...delivery.message, bookingId: delivery.bookingId };
      return `id: ${eventId(delivery.message.id)}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
    }
    case 'booking': {
      const data: LiveBookingEvent = { bookingId: delivery.bookingId, status: delivery.status };
      return `id: ${randomUUID()}\nevent: booking\ndata: ${JSON.stringify(data)}\n\n`;
    }
    case 'messageNotice': {
      const data = { bookingId: delivery.bookingId, messageId: delivery.messageId };
      return `id: ${eventId(delivery.messageId)}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
    }
    default:
      return assertNever(type);
  }
}

interface OpenStream {
  userId: string;
  response: ServerResponse;
  /** Whether the stream's login still holds (logout, password reset, deletion end it). */
  isLive: () => Promise<boolean>;
  close(): void;
}

/** A stream whose client does not take its end within this long is cut (its socket destroyed). */
const END_GRACE_MS = 5_000;

/**
 * The open GET /api/events streams of this instance: each is subscribed to its account's events
 * on the bus, gets a heartbeat, and ends when its access token expires (the client reconnects with
 * a fresh one), when the account opens one stream too many (the oldest ends), when its client
 * falls too far behind, and at shutdown (`closeAll`, before the server closes: an open stream
 * would hold the shutdown up).
 */
export class EventStreams {
  private readonly settings: EventStreamSettings;
  /** Per account, oldest first (a Set keeps insertion order). */
  private readonly byAccount = new Map<string, Set<OpenStream>>();
  private openCount = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly bus: LiveEventBus,
    private readonly clock: Clock,
    settings: Partial<EventStreamSettings> = {},
  ) {
    this.settings = { ...DEFAULT_EVENT_STREAM_SETTINGS, ...settings };
  }

  /** Streams open now on this instance. */
  get size(): number {
    return this.openCount;
  }

  /**
   * Answers `response` with the account's event stream until `expiresAt` (the access token's end).
   * The response's own headers (the security headers) are kept.
   */
  open(
    userId: string,
    response: ServerResponse,
    expiresAt: Date,
    isLive: () => Promise<boolean> = async () => true,
  ): void {
    // The client left while the request was being authenticated: 'close' has fired already and
    // would never clean up after this stream.
    if (response.destroyed || response.socket?.destroyed) return;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold events back in their buffer.
      'x-accel-buffering': 'no',
    });
    response.write(`retry: ${this.settings.retryMs}\n\n`);
    const untilExpiry = expiresAt.getTime() - this.clock().getTime();
    if (this.closed || untilExpiry <= 0) {
      response.end();
      return;
    }

    let isOpen = true;
    let unsubscribe = () => {};
    const cleanUp = () => {
      if (!isOpen) return;
      isOpen = false;
      unsubscribe();
      clearTimeout(expiry);
      const streams = this.byAccount.get(userId);
      streams?.delete(stream);
      if (streams?.size === 0) this.byAccount.delete(userId);
      this.openCount -= 1;
      if (this.openCount === 0) this.stopHeartbeat();
    };
    const stream: OpenStream = {
      userId,
      response,
      isLive,
      close: () => {
        cleanUp();
        if (!response.writableEnded) response.end();
        // A client that does not read never takes the end: its socket (and buffer) would stay.
        if (!response.destroyed) setTimeout(() => response.destroy(), END_GRACE_MS).unref();
      },
    };
    const expiry = setTimeout(stream.close, Math.min(untilExpiry, MAX_TIMER_MS));
    response.once('close', cleanUp);

    let streams = this.byAccount.get(userId);
    if (!streams) {
      streams = new Set();
      this.byAccount.set(userId, streams);
    }
    streams.add(stream);
    this.openCount += 1;
    while (streams.size > this.settings.maxPerAccount) {
      const oldest = streams.values().next().value as OpenStream;
      oldest.close();
    }
    unsubscribe = this.bus.subscribe(userId, (delivery) => this.write(stream, frameOf(delivery)));
    this.startHeartbeat();
  }

  /** Ends every stream, and any opened from now on at once (shutdown). */
  closeAll(): void {
    this.closed = true;
    for (const streams of [...this.byAccount.values()]) {
      for (const stream of [...streams]) stream.close();
    }
    this.stopHeartbeat();
  }

  private write(stream: OpenStream, text: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > this.settings.maxBufferedBytes) {
      stream.close();
      response.destroy();
      return;
    }
    response.write(text);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const streams of this.byAccount.values()) {
        for (const stream of streams) {
          this.write(stream, HEARTBEAT);
          // Each beat re-checks the login as every other call does, so a logout, a password reset
          // or a deletion ends the stream within a beat, not at the token's expiry.
          stream
            .isLive()
            .then((live) => {
              if (!live) stream.close();
            })
            .catch(() => undefined);
        }
      }
    }, this.settings.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
