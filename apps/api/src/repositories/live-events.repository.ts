import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/database';

/** A channel name is an SQL identifier written into LISTEN: only these characters. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The live events' NOTIFY (PostgreSQL only), sent through the pool. */
export class LiveEventsRepository {
  constructor(private readonly db: Db) {}

  /**
   * NOTE: pg_notify() rather than NOTIFY because NOTIFY takes no bind parameters. Outside a
   * transaction the notification goes out when this statement commits, i.e. at once.
   */
  async notify(channel: string, payload: string): Promise<void> {
    await this.notifyAll(channel, [payload]);
  }

  /**
   * Several notifications in one statement (one pool connection, one round trip), sent in the
   * array's order: unnest … WITH ORDINALITY yields the elements in order, and notifications from
   * one transaction are delivered in the order they were sent.
   */
  async notifyAll(channel: string, payloads: readonly string[]): Promise<void> {
    if (payloads.length === 0) return;
    await sql`select pg_notify(${channel}, p.payload) from unnest(${[...payloads]}::text[]) with ordinality as p(payload, n)`.execute(
      this.db,
    );
  }
}

/** An open LISTEN connection. */
export interface ListenConnection {
  /** A round trip, so a connection that died silently is noticed: rejects if it did. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotification(payload: string): void;
  /** The open connection failed or ended; called at most once, and never after `close()`. */
  onDrop(error?: unknown): void;
}

/**
 * A connection of its own (not the pool's: a pooled client would be handed to other queries) that
 * LISTENs on `channel`. Rejects if it cannot connect or LISTEN.
 */
export async function openListenConnection(
  url: string,
  applicationName: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<ListenConnection> {
  // NOTE: LISTEN takes an identifier, not a parameter; the name is checked instead.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
    keepAlive: true,
  });
  let isOpen = false;
  let isDone = false;
  const finish = () => {
    isDone = true;
    return client.end().catch(() => undefined);
  };
  const drop = (error?: unknown) => {
    if (isDone) return;
    void finish();
    if (isOpen) handlers.onDrop(error);
  };
  // Kept for the client's whole life: an 'error' without a listener would end the process.
  client.on('error', drop);
  client.on('end', () => drop());
  client.on('notification', (notification) => {
    if (notification.channel === channel && notification.payload !== undefined)
      handlers.onNotification(notification.payload);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (error) {
    await finish();
    throw error;
  }
  if (isDone) throw new Error('the LISTEN connection ended while it opened');
  isOpen = true;
  return {
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await finish();
    },
  };
}
