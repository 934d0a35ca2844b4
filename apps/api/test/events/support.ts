import { randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { ThreadMessage } from '@app/domain';
import type { AppDeps } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { LiveEvent } from '../../src/modules/events/live-events';
import { createTestApp, type TestApp } from '../helpers/app';
import type { TestDatabase } from '../helpers/databases';

/** One event of a text/event-stream: its fields, or a comment line. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** The complete frames of a text/event-stream body (a frame ends with a blank line). */
export function parseFrames(text: string): Frame[] {
  const complete = text.slice(0, text.lastIndexOf('\n\n') + 2);
  return complete
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const frame: Frame = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          frame.comment = line.slice(1).trim();
          continue;
        }
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id' || field === 'event' || field === 'data' || field === 'retry') {
          frame[field] = frame[field] === undefined ? value : `${frame[field]}\n${value}`;
        }
      }
      return frame;
    });
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A GET over real HTTP that reads the answer as it comes (an event stream never ends by itself). */
export interface StreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  text(): string;
  frames(): Frame[];
  /** The frames that are events (not comments, not `retry:`). */
  events(): Frame[];
  /** Waits until `find` returns something for the frames so far. */
  waitFor<T>(find: (frames: Frame[]) => T | undefined, timeoutMs?: number): Promise<T>;
  /** Resolves when the server ends the answer (or the connection closes). */
  ended: Promise<void>;
  hasEnded(): boolean;
  /** Drops the connection, as a client that goes away does. */
  close(): void;
}

export function openStream(
  baseUrl: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/events`, {
      headers: {
        accept: 'text/event-stream',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...headers,
      },
    });
    req.once('error', reject);
    req.once('response', (response) => {
      let text = '';
      let hasEnded = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('error', () => undefined);
      const ended = new Promise<void>((done) => {
        const finish = () => {
          hasEnded = true;
          done();
        };
        response.once('end', finish);
        response.once('close', finish);
      });
      const frames = () => parseFrames(text);
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        frames,
        events: () => frames().filter((frame) => frame.event !== undefined),
        waitFor: async <T>(find: (frames: Frame[]) => T | undefined, timeoutMs = 5_000) => {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = find(frames());
            if (found !== undefined) return found;
            if (Date.now() > deadline) throw new Error(`not in the stream within ${timeoutMs} ms: ${text}`);
            await sleep(10);
          }
        },
        ended,
        hasEnded: () => hasEnded,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

/** A test app listening on a port of its own; on PostgreSQL its bus uses NOTIFY/LISTEN. */
export interface ListeningApp extends TestApp {
  baseUrl: string;
}

export async function listeningApp(
  database: TestDatabase,
  deps: Partial<AppDeps> = {},
  config: Partial<AppConfig> = {},
): Promise<ListeningApp> {
  const t = await createTestApp(database.db, { config: { database: database.config, ...config }, deps });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return { ...t, baseUrl: `http://127.0.0.1:${address.port}` };
}

export function threadMessage(body = 'Running 10 minutes late'): ThreadMessage {
  return { id: randomUUID(), from: 'customer', body, createdAt: new Date().toISOString() };
}

export function messageEvent(recipients: string[], message = threadMessage()): LiveEvent {
  return { type: 'message', recipients, bookingId: randomUUID(), message };
}

export function bookingEvent(recipients: string[]): LiveEvent {
  return { type: 'booking', recipients, bookingId: randomUUID(), status: 'Approved' };
}
