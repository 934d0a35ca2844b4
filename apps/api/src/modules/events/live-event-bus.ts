import { BOOKING_STATUSES, ThreadMessageSchema } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import {
  type ListenConnection,
  LiveEventsRepository,
  openListenConnection,
} from '../../repositories/live-events.repository';
import type { LiveEvent, LiveEvents } from './live-events';

/** Events sent in one NOTIFY statement at most (each payload is at most MAX_NOTIFY_BYTES). */
const NOTIFY_BATCH = 100;

/** The PostgreSQL channel every instance of one database publishes to and listens on. */
export const LIVE_EVENTS_CHANNEL = 'trimtime_live_events';
/** The LISTEN connection's application_name (pg_stat_activity shows which connection it is). */
export const LIVE_EVENTS_LISTENER_NAME = 'trimtime-live-events';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. A message of 1000 characters is at
 * most about 4.3 kB as JSON, so this only guards against a future longer event.
 */
export const MAX_NOTIFY_BYTES = 7900;

/**
 * A message whose event did not fit in a NOTIFY: only its ids travel, and the instances that
 * receive it load nothing. The stream sends it as a `message` event without `message`, and the
 * client fetches the thread (GET /booking/messages with `after`), as after a reconnect.
 */
export interface MessageNotice {
  type: 'messageNotice';
  recipients: readonly string[];
  bookingId: string;
  messageId: string;
}

/** What a subscriber is handed: an event, or a message's ids only (see MessageNotice). */
export type LiveDelivery = LiveEvent | MessageNotice;
export type LiveListener = (delivery: LiveDelivery) => void;

const Recipients = z.array(z.string()).max(10);
/** A notification as another instance wrote it; anything else on the channel is ignored. */
const NotificationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    recipients: Recipients,
    bookingId: z.string(),
    message: ThreadMessageSchema,
  }),
  z.object({
    type: z.literal('booking'),
    recipients: Recipients,
    bookingId: z.string(),
    status: z.enum(BOOKING_STATUSES),
  }),
  z.object({
    type: z.literal('messageNotice'),
    recipients: Recipients,
    bookingId: z.string(),
    messageId: z.string(),
  }),
]);

export interface ListenerTiming {
  /** The first wait before reconnecting a LISTEN connection that dropped; doubles up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** A round trip on the LISTEN connection this often; one that fails or hangs reconnects. */
  pingMs: number;
}

const DEFAULT_LISTENER_TIMING: ListenerTiming = { firstRetryMs: 250, maxRetryMs: 5_000, pingMs: 30_000 };

export interface LiveEventBusOptions {
  logger: FastifyBaseLogger;
  /**
   * Several instances may share a PostgreSQL database: events then travel by NOTIFY through `db`'s
   * pool and come back to every instance (this one too) on a LISTEN connection to `url`. Unset
   * (SQLite: one process): delivered in process.
   */
  postgres?: { url: string; db: Db };
  timing?: Partial<ListenerTiming>;
}

/** Errors are logged by code and message only: an event's payload (a message's text) never is. */
function errorSummary(error: unknown): { code?: string; message: string } {
  if (!(error instanceof Error)) return { message: 'unknown error' };
  const code = (error as { code?: unknown }).code;
  return { ...(typeof code === 'string' ? { code } : {}), message: error.message };
}

/**
 * The live events of every booking (api-contract §8.8): services publish after their commit, the
 * open streams of GET /api/events subscribe by account. In process on SQLite; on PostgreSQL each
 * instance publishes with NOTIFY and delivers only what its LISTEN connection receives, its own
 * events included, so every subscriber gets each event once whichever instance it is connected to.
 *
 * Delivery is best effort: an event published while an instance's LISTEN connection is down
 * (until it reconnects, after at most `maxRetryMs` plus the connect) does not reach that
 * instance's streams. Clients catch up by asking for the thread with `after` on reconnect and by
 * their polling.
 */
export class LiveEventBus implements LiveEvents {
  private readonly subscribers = new Map<string, Set<LiveListener>>();
  private readonly repository: LiveEventsRepository | undefined;
  private readonly timing: ListenerTiming;
  private connection: ListenConnection | undefined;
  private running = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  /**
   * Events waiting for a NOTIFY. One NOTIFY statement is in flight at a time and carries every
   * event published meanwhile (in order): under load, events do not queue one pool connection each.
   */
  private unsent: { payload: string; event: LiveEvent }[] = [];
  private sending: Promise<void> | undefined;

  constructor(private readonly options: LiveEventBusOptions) {
    this.repository = options.postgres ? new LiveEventsRepository(options.postgres.db) : undefined;
    this.timing = { ...DEFAULT_LISTENER_TIMING, ...options.timing };
    this.retryMs = this.timing.firstRetryMs;
  }

  /** Calls `listener` with every event for `userId` until the returned function is called. */
  subscribe(userId: string, listener: LiveListener): () => void {
    let listeners = this.subscribers.get(userId);
    if (!listeners) {
      listeners = new Set();
      this.subscribers.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.subscribers.get(userId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.subscribers.delete(userId);
    };
  }

  /** Subscriptions open now (all accounts). */
  get subscriberCount(): number {
    let count = 0;
    for (const listeners of this.subscribers.values()) count += listeners.size;
    return count;
  }

  /** True on SQLite, and on PostgreSQL while the LISTEN connection is up. */
  get isListening(): boolean {
    return this.repository ? this.connection !== undefined : true;
  }

  publish(event: LiveEvent): void {
    if (!this.repository) {
      this.deliver(event);
      return;
    }
    let payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES && event.type === 'message') {
      const notice: MessageNotice = {
        type: 'messageNotice',
        recipients: event.recipients,
        bookingId: event.bookingId,
        messageId: event.message.id,
      };
      payload = JSON.stringify(notice);
    }
    this.unsent.push({ payload, event });
    this.sending ??= this.sendUnsent();
  }

  /** NOTIFYs the waiting events, a batch per statement, until none is left. */
  private async sendUnsent(): Promise<void> {
    const repository = this.repository;
    while (repository && this.unsent.length > 0) {
      const batch = this.unsent.splice(0, NOTIFY_BATCH);
      try {
        await repository.notifyAll(
          LIVE_EVENTS_CHANNEL,
          batch.map((item) => item.payload),
        );
      } catch (error) {
        for (const { event } of batch) {
          this.options.logger.warn(
            { error: errorSummary(error), type: event.type, bookingId: event.bookingId },
            'live event not published',
          );
        }
      }
    }
    this.sending = undefined;
  }

  /** PostgreSQL: opens the LISTEN connection (retrying in the background if it cannot yet). */
  async start(): Promise<void> {
    if (!this.options.postgres || this.running) return;
    this.running = true;
    this.retryMs = this.timing.firstRetryMs;
    await this.connect();
  }

  /** Sends what is still being published, then closes the LISTEN connection. */
  async stop(): Promise<void> {
    await this.sending;
    this.running = false;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close();
  }

  private deliver(delivery: LiveDelivery): void {
    for (const recipient of new Set(delivery.recipients)) {
      const listeners = this.subscribers.get(recipient);
      if (!listeners) continue;
      for (const listener of listeners) {
        try {
          listener(delivery);
        } catch (error) {
          this.options.logger.error({ error: errorSummary(error) }, 'live event listener failed');
        }
      }
    }
  }

  private receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = undefined;
    }
    const result = NotificationSchema.safeParse(parsed);
    if (!result.success) {
      this.options.logger.warn({ bytes: payload.length }, 'live event notification ignored: not an event');
      return;
    }
    this.deliver(result.data);
  }

  private async connect(): Promise<void> {
    const postgres = this.options.postgres;
    if (!postgres || !this.running) return;
    let opened: ListenConnection | undefined;
    try {
      opened = await openListenConnection(postgres.url, LIVE_EVENTS_LISTENER_NAME, LIVE_EVENTS_CHANNEL, {
        onNotification: (payload) => this.receive(payload),
        onDrop: (error) => {
          if (opened) this.dropped(opened, error);
        },
      });
    } catch (error) {
      this.reconnectLater(error);
      return;
    }
    const connection = opened;
    if (!this.running) {
      await connection.close();
      return;
    }
    this.connection = connection;
    this.retryMs = this.timing.firstRetryMs;
    this.pingTimer = setInterval(() => {
      connection.ping().catch((error: unknown) => this.dropped(connection, error));
    }, this.timing.pingMs);
    this.pingTimer.unref();
  }

  /** The LISTEN connection failed: events published until it is back do not reach this instance. */
  private dropped(connection: ListenConnection, error: unknown): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    clearInterval(this.pingTimer);
    void connection.close();
    if (this.running) this.reconnectLater(error);
  }

  private reconnectLater(error: unknown): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.timing.maxRetryMs);
    this.options.logger.warn(
      { error: error === undefined ? undefined : errorSummary(error), retryInMs: wait },
      'live events: no LISTEN connection; reconnecting',
    );
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }
}
