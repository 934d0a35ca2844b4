import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, isPostgres } from '../../db/database';
import type { OutboxKind } from '../../db/schema';
import { type Clock, DAY_MS, HOUR_MS } from '../../lib/clock';
import { openText, sealText } from '../../lib/secrets';
import type { Mailer, MailMessage } from '../../mail/mailer';
import {
  type EnqueueOptions,
  type OutboxOutcome,
  OutboxRepository,
  type OutboxRow,
} from '../../repositories/outbox.repository';
import { type OutboxKindHandler, OutboxKinds } from './outbox-kinds';

/** The worker's timing (api-contract §8.9); tests shorten it. */
export interface OutboxTiming {
  /** How often an idle worker looks for due messages (a new one is due within 5 s). */
  pollMs: number;
  /** How long a claimed message is held: a dead process's messages go to another after it. */
  leaseMs: number;
  /** The first retry's delay; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a message is retried before a failed try is final. */
  retryForMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  pollMs: 1_000,
  // Longer than the SMTP mailer's whole-message timeout (30 s), so a live worker's try never outlasts
  // its lease; a process that died is replaced within 45 s plus one poll.
  leaseMs: 45_000,
  retryBaseMs: 15_000,
  retryMaxMs: HOUR_MS,
  retryForMs: DAY_MS,
};

/** Finished messages are kept this long for the outbox page and support, then purged. */
const KEEP_SENT_MS = 30 * DAY_MS;
const KEEP_FAILED_MS = 90 * DAY_MS;
const PURGE_EVERY_MS = HOUR_MS;
const MAX_ERROR_LENGTH = 500;
/** How long a stopping worker waits for the message it is sending. */
const STOP_WAIT_MS = 5_000;

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  /** Where messages go: SMTP, or the development log. */
  mailer: Mailer;
  logger: FastifyBaseLogger;
  appUrl: string;
  /** 32 bytes: seals the bodies that carry codes and invite links (see `SEALED_KINDS`). */
  bodyKey: Buffer;
  timing?: Partial<OutboxTiming>;
  /** Told of every failed try (the metrics' failure counter). */
  onFailure?: (outcome: OutboxFailure) => void;
}

/** A failed try: `retry` (it goes again later) or `failed` (given up, refused or unreadable). */
export type OutboxFailure = 'retry' | 'failed';

/** One try's outcome, and what is logged once it is recorded (false: the lease was lost). */
interface Attempt {
  outcome: OutboxOutcome;
  recorded: (recorded: boolean) => void;
}

/** Emails whose bodies are secrets until used: kept encrypted in the outbox. */
const SEALED_KINDS: ReadonlySet<OutboxKind> = new Set(['code', 'invite']);

/**
 * The kinds that go to an account as it is when they go, honouring its settings: the modules that
 * write them register how (outbox.handle) before the worker starts.
 */
const ACCOUNT_KINDS: readonly OutboxKind[] = ['booking', 'reminder', 'messages', 'review_invite', 'waitlist'];

/** A 5xx SMTP reply (no such mailbox, refused): the message will never be accepted. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

/**
 * Every email the server sends (api-contract §8.3, decision 0010). `enqueue` writes it in the
 * caller's transaction; the worker, one per process, claims due messages one at a time under a
 * lease, re-reads what may have changed (the recipient's settings and address, a reminder's
 * booking), sends, and records the outcome as it claims the next (one transaction): a crash
 * repeats at most one message, with the same Message-ID. Failures are retried with exponential backoff for
 * `retryForMs`; a 5xx reply fails the message at once.
 */
export class Outbox {
  private readonly repository: OutboxRepository;
  private readonly timing: OutboxTiming;
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly postgres: boolean;
  private readonly host: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private lastPurge = 0;
  private lastBeat: Date | undefined;
  private readonly kinds: OutboxKinds;

  constructor(private readonly deps: OutboxDeps) {
    this.repository = new OutboxRepository(deps.db);
    this.kinds = new OutboxKinds(this.repository);
    this.timing = { ...DEFAULT_OUTBOX_TIMING, ...deps.timing };
    this.postgres = isPostgres(deps.db);
    this.host = new URL(deps.appUrl).hostname || 'localhost';
  }

  /**
   * From now on, emails of `kind` go as `handler` says: to the account's address and settings as
   * they are then, unless a send-time check skips them, written again if it writes them (the row
   * then keeps what went, for the outbox page).
   */
  handle(kind: OutboxKind, handler: OutboxKindHandler): void {
    this.kinds.handle(kind, handler);
  }

  /**
   * Writes an email to the outbox with `executor`: pass the transaction of the change that causes
   * it, so both commit or neither does.
   */
  async enqueue(executor: Db, message: MailMessage, options: EnqueueOptions): Promise<void> {
    const key = this.deps.bodyKey;
    const stored = SEALED_KINDS.has(options.kind)
      ? {
          ...message,
          text: sealText(key, message.text),
          ...(message.html ? { html: sealText(key, message.html) } : {}),
        }
      : message;
    await this.repository.insert(executor, stored, {
      ...options,
      messageId: `<${randomUUID()}@${this.host}>`,
      now: this.deps.clock(),
      retryForMs: this.timing.retryForMs,
    });
  }

  /**
   * A booking's emails of `kind` still to come are not sent, with `reason` (e.g. a cancelled
   * booking's reminders, in the cancellation's transaction).
   */
  skipPending(executor: Db, skipped: { bookingId: string; kind: OutboxKind; reason: string }, now: Date) {
    return this.repository.skipPending(executor, skipped, now);
  }

  /** Newest first, bodies readable (the outbox page). */
  async list(options: Parameters<OutboxRepository['list']>[0]): Promise<OutboxRow[]> {
    return (await this.repository.list(options)).map((row) => {
      try {
        return this.opened(row);
      } catch {
        return { ...row, text: '(sealed under another JWT_SECRET: unreadable)', html: null };
      }
    });
  }

  /** One message, its bodies readable (the outbox page's view of an HTML part); undefined if unreadable. */
  async find(id: string): Promise<OutboxRow | undefined> {
    const row = await this.repository.findById(id);
    try {
      return row && this.opened(row);
    } catch {
      return undefined;
    }
  }

  /** Failed messages go again now (`npm run mail -- retry`). */
  retryFailed(ids?: readonly string[]): Promise<number> {
    return this.repository.retryFailed(this.deps.clock(), this.timing.retryForMs, ids);
  }

  private opened(row: OutboxRow): OutboxRow {
    const key = this.deps.bodyKey;
    return {
      ...row,
      text: openText(key, row.text),
      html: row.html === null ? null : openText(key, row.html),
    };
  }

  /**
   * When the worker last showed it is alive (GET /api/ready, api-contract §8.7): the end of its
   * last round, or a message it (or a drain) finished during a long one. Undefined until then;
   * a round that fails (the database is gone) does not count.
   */
  get heartbeat(): Date | undefined {
    return this.lastBeat;
  }

  /** Starts the worker (at server start). */
  start(): void {
    if (this.started) return;
    // An email to an account that honours its settings must not go as queued, to an old address,
    // because the module that writes it was not built into this process.
    const unhandled = this.kinds.missing(ACCOUNT_KINDS);
    if (unhandled.length > 0) {
      throw new Error(`The outbox has no handler for ${unhandled.join(', ')}: register them before start()`);
    }
    this.started = true;
    this.schedule(0);
  }

  /** Looks for due messages now rather than at the next poll (after a change committed). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops taking messages and waits for the one being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // Not for ever: a server that hangs must not outlast the shutdown's grace. A try cut short is
    // taken again once its lease runs out (at worst sent twice, with one Message-ID).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running,
      new Promise((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Delivers every due message, waiting for the worker's own round too (tests, the CLI). */
  async drain(): Promise<void> {
    do {
      await this.running;
      await this.deliverDue(() => true);
    } while (this.running);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.round(), ms);
    this.timer.unref();
  }

  private round(): void {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.deliverDue(() => !this.stopped);
        } while (this.again && !this.stopped);
        await this.purgeNowAndThen();
        this.beat();
      } catch (error) {
        this.deps.logger.error({ err: error }, 'outbox round failed');
      }
    })();
    void this.running.finally(() => {
      this.running = undefined;
      this.schedule(this.timing.pollMs);
    });
  }

  private beat(): void {
    this.lastBeat = this.deps.clock();
  }

  /** Due messages not yet sent, claimed or not (the metrics' backlog, read when scraped). */
  countDue(): Promise<number> {
    return this.repository.countDue(this.deps.clock());
  }

  /**
   * Claims, sends and records due messages one at a time while `goOn()` says so: each outcome is
   * recorded in the same transaction that claims the next message (OutboxRepository's
   * finishAndClaimNext), so a message costs one commit. Should that transaction fail, the outcome
   * is recorded on its own before the error goes on (a message sent is never left to go again
   * because the next claim failed); a message claimed as the worker was told to stop is given back
   * unsent.
   */
  private async deliverDue(goOn: () => boolean): Promise<void> {
    if (!goOn()) return;
    const claim = () => ({ now: this.deps.clock(), leaseMs: this.timing.leaseMs, postgres: this.postgres });
    const first = claim();
    let row = await this.repository.claimNext(this.owner, first.now, first.leaseMs, first.postgres);
    while (row) {
      if (!goOn()) {
        await this.repository.release(row.id, this.owner, this.deps.clock());
        return;
      }
      const attempt = await this.attempt(row);
      if (!goOn()) {
        attempt.recorded(await this.repository.finish(row.id, this.owner, attempt.outcome));
        this.beat();
        return;
      }
      let claimed: Awaited<ReturnType<OutboxRepository['finishAndClaimNext']>>;
      try {
        claimed = await this.repository.finishAndClaimNext(row.id, this.owner, attempt.outcome, claim());
      } catch (error) {
        attempt.recorded(await this.repository.finish(row.id, this.owner, attempt.outcome));
        throw error;
      }
      attempt.recorded(claimed.recorded);
      this.beat();
      row = claimed.next;
    }
  }

  /** Opens, checks and sends one claimed message: its outcome, and what to log once it is recorded. */
  private async attempt(row: OutboxRow): Promise<Attempt> {
    let message: OutboxRow;
    try {
      message = this.opened(row);
    } catch {
      const reason = 'The message cannot be read: it was sealed under another JWT_SECRET.';
      return {
        outcome: { status: 'failed', now: this.deps.clock(), reason },
        recorded: () => {
          this.deps.logger.error({ outboxId: row.id, messageId: row.message_id }, reason);
          this.deps.onFailure?.('failed');
        },
      };
    }
    const outgoing = await this.kinds.outgoing(row, message, this.owner);
    if ('skip' in outgoing) {
      return {
        outcome: { status: 'skipped', now: this.deps.clock(), reason: outgoing.skip },
        recorded: () => {},
      };
    }
    try {
      await this.deps.mailer.send({
        messageId: row.message_id,
        to: outgoing.to,
        subject: outgoing.subject,
        text: outgoing.text,
        ...(outgoing.html ? { html: outgoing.html } : {}),
        ...(row.attachments ? { attachments: JSON.parse(row.attachments) } : {}),
      });
    } catch (error) {
      return this.failed(row, outgoing.to, error);
    }
    return {
      outcome: { status: 'sent', now: this.deps.clock() },
      recorded: (recorded) => {
        if (!recorded) {
          this.deps.logger.warn(
            { outboxId: row.id, messageId: row.message_id },
            'email sent after its lease ran out',
          );
        }
      },
    };
  }

  private failed(row: OutboxRow, to: string, error: unknown): Attempt {
    const now = this.deps.clock();
    const final = isPermanent(error) || now.toISOString() >= row.give_up_at;
    this.deps.onFailure?.(final ? 'failed' : 'retry');
    const reason = describe(error);
    const log = {
      outboxId: row.id,
      messageId: row.message_id,
      mailTo: to,
      subject: row.subject,
      attempts: row.attempts,
      reason,
    };
    if (final) {
      return {
        outcome: { status: 'failed', now, reason },
        recorded: (recorded) => {
          if (!recorded) return this.leaseLost(log);
          this.deps.logger.error(
            log,
            isPermanent(error)
              ? 'email refused by the mail server: not retried'
              : 'email not delivered: gave up',
          );
        },
      };
    }
    const delay = Math.min(
      this.timing.retryMaxMs,
      this.timing.retryBaseMs * 2 ** Math.max(0, row.attempts - 1),
    );
    const retryAt = new Date(now.getTime() + delay);
    return {
      outcome: { status: 'pending', now, reason, retryAt },
      recorded: (recorded) => {
        if (!recorded) return this.leaseLost(log);
        this.deps.logger.warn({ ...log, retryAt: retryAt.toISOString() }, 'email not delivered: will retry');
      },
    };
  }

  /** The try outlasted its lease: another process has the message now, and records its outcome. */
  private leaseLost(log: Record<string, unknown>): void {
    this.deps.logger.warn(log, 'email try failed after its lease ran out: another process has it');
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = this.deps.clock();
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    const purged = await this.repository.purge(
      new Date(now.getTime() - KEEP_SENT_MS),
      new Date(now.getTime() - KEEP_FAILED_MS),
    );
    if (purged > 0) this.deps.logger.info({ purged }, 'purged old outbox messages');
  }
}
