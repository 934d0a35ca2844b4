import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  DEFAULT_PAYMENT_WINDOW,
  DEFAULT_REMINDER_OFFSETS,
  parsePaymentWindow,
  parseReminderOffsets,
} from '@app/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, type AppDeps, buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { Db } from '../../src/db/database';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';

/** Keeps every email the outbox delivers in memory. */
export class CapturingMailer implements Mailer {
  readonly messages: OutgoingMail[] = [];

  async send(message: OutgoingMail): Promise<void> {
    this.messages.push(message);
  }

  to(email: string): OutgoingMail[] {
    return this.messages.filter((m) => m.to === email.toLowerCase());
  }

  /** The 6-digit code of the newest email to `email`. */
  lastCode(email: string): string {
    const message = this.to(email).at(-1);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was emailed to ${email}`);
    return code;
  }
}

/** A clock tests move by hand. */
export class TestClock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  readonly now = () => new Date(this.current);

  advance(ms: number): void {
    this.current += ms;
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    database: { dialect: 'sqlite', path: ':memory:' }, // unused: tests inject their database
    smtpUrl: undefined,
    mailFrom: 'TrimTime NI <no-reply@test.local>',
    jwtSecret: randomBytes(32).toString('base64url'),
    appUrl: 'http://localhost:3000',
    authRateLimit: 10_000,
    accountFailureLimit: 5,
    trustProxy: false,
    logLevel: 'silent',
    webBuild: `/nonexistent-web-build-${randomUUID()}`,
    dataDir: '/nonexistent-data',
    demoData: false,
    reminderOffsets: parseReminderOffsets(DEFAULT_REMINDER_OFFSETS),
    paymentWindow: parsePaymentWindow(DEFAULT_PAYMENT_WINDOW),
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  mailer: CapturingMailer;
  clock: TestClock;
  config: AppConfig;
  /** Log lines, when built with `captureLogs`. */
  logs: string[];
  /**
   * POST a JSON body from a given IP (each test picks its own, so per-IP limits do not collide),
   * and wait until the background work it started (code emails) is done.
   */
  post(url: string, body: unknown, options?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  captureLogs?: boolean;
  deps?: Partial<AppDeps>;
  /** Default `remoteAddress` of `post`. */
  ip?: string;
  /**
   * 'before-reply' (default): each request's emails are delivered before its answer is sent, so a
   * test reads them right after the call, and no worker runs (`deps.outboxWorker` turns it on):
   * another app's worker on the same database would otherwise take some of this app's emails to
   * its own mailer. 'worker': only the worker delivers, as in production (the outbox's own tests).
   */
  mail?: 'before-reply' | 'worker';
}

export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export async function createTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const mailer = new CapturingMailer();
  const clock = new TestClock();
  const logs: string[] = [];
  const config = testConfig({ ...(options.captureLogs ? { logLevel: 'trace' } : {}), ...options.config });
  const logDestination = options.captureLogs
    ? new Writable({
        write(chunk, _encoding, callback) {
          logs.push(...String(chunk).split('\n').filter(Boolean));
          callback();
        },
      })
    : undefined;
  const app = await buildApp(config, {
    db,
    mailer,
    clock: clock.now,
    logDestination,
    outboxWorker: options.mail === 'worker',
    ...options.deps,
  });
  if (options.mail !== 'worker') {
    // Every route inherits this root hook: the plugins that declare them load at ready().
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await app.outbox.drain();
      return payload;
    });
  }
  await app.ready();
  const ip = options.ip ?? randomIp();
  return {
    app,
    mailer,
    clock,
    config,
    logs,
    // Waits for the work the call started in the background too (code emails of resend and forgot).
    post: async (url, body, extra = {}) => {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: body as InjectOptions['payload'],
        remoteAddress: ip,
        ...extra,
      });
      await app.whenIdle();
      await app.outbox.drain();
      return response;
    },
    close: () => app.close(),
  };
}
