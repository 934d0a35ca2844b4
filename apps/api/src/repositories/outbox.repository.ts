import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Database, OutboxKind, OutboxTable } from '../db/schema';
import type { MailMessage } from '../mail/mailer';

export type OutboxRow = Selectable<OutboxTable>;

/** What the worker and the send-time checks need besides the message itself. */
export interface EnqueueOptions {
  kind: OutboxKind;
  /** The account the email is for: its notification settings and address are read at send time. */
  recipientId?: string;
  bookingId?: string;
  /** Unique when set: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** Not before this moment (a reminder); default now. */
  notBefore?: Date;
}

/** How a claimed try ended: `pending` goes again at `retryAt`. */
export type OutboxOutcome =
  | { status: 'sent'; now: Date }
  | { status: 'failed' | 'skipped'; now: Date; reason: string }
  | { status: 'pending'; now: Date; reason: string; retryAt: Date };

/** Any executor: the database or a transaction (the email commits with the change). */
type Executor = Kysely<Database>;

// The worker's statements for each message and the enqueue of every email, compiled once (db/prepared).
const insertStatement = prepared(
  (
    db,
    id: string,
    messageId: string,
    kind: OutboxKind,
    toAddress: string,
    subject: string,
    text: string,
    html: string | null,
    attachments: string | null,
    recipientId: string | null,
    bookingId: string | null,
    dedupeKey: string | null,
    notBefore: string,
    giveUpAt: string,
    now: string,
  ) =>
    db
      .insertInto('outbox')
      .values({
        id,
        message_id: messageId,
        kind,
        status: 'pending',
        to_address: toAddress,
        subject,
        text,
        html,
        attachments,
        recipient_id: recipientId,
        booking_id: bookingId,
        dedupe_key: dedupeKey,
        not_before: notBefore,
        give_up_at: giveUpAt,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        sent_at: null,
      })
      // The conflict target names the predicate `dedupe_key is not null`: it matches the whole unique
      // index today and a partial one (only keyed messages) should a later migration make it so.
      .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).doNothing()),
);
/** `claimNext`'s one UPDATE; on PostgreSQL the row is locked with SKIP LOCKED. */
const claimOf = (postgres: boolean) =>
  prepared((db, owner: string, leaseUntil: string, now: string) => {
    let due = db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('not_before', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('not_before')
      .orderBy('id')
      .limit(1);
    if (postgres) due = due.forUpdate().skipLocked();
    return db
      .updateTable('outbox')
      .set({ lease_owner: owner, lease_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', '=', due)
      .returningAll();
  });
const claimStatement = claimOf(false);
const claimForUpdateStatement = claimOf(true);
const sentStatement = prepared((db, id: string, owner: string, now: string) =>
  db
    .updateTable('outbox')
    .set({
      status: 'sent',
      lease_owner: null,
      lease_until: null,
      updated_at: now,
      sent_at: now,
      last_error: null,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner),
);
const recipientStatement = prepared((db, userId: string) =>
  db
    .selectFrom('users')
    .select(['email', 'notify_booking_updates', 'notify_reminders', 'notify_messages'])
    .where('id', '=', userId),
);

/** The outbox table (migration 0006). Every write that claims or finishes a row names its lease. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(
    executor: Executor,
    message: MailMessage,
    options: EnqueueOptions & { messageId: string; now: Date; retryForMs: number },
  ): Promise<void> {
    const now = options.now.toISOString();
    const due = options.notBefore ?? options.now;
    await insertStatement(
      executor,
      randomUUID(),
      options.messageId,
      options.kind,
      message.to.toLowerCase(),
      message.subject,
      message.text,
      message.html ?? null,
      message.attachments ? JSON.stringify(message.attachments) : null,
      options.recipientId ?? null,
      options.bookingId ?? null,
      options.dedupeKey ?? null,
      due.toISOString(),
      new Date(due.getTime() + options.retryForMs).toISOString(),
      now,
    );
  }

  /**
   * Claims the message due longest: pending, due, and not leased (or its lease ran out: the process
   * holding it died). One UPDATE, so two processes never claim one row: on PostgreSQL the row is
   * locked with SKIP LOCKED (a competing worker takes the next one instead of waiting); SQLite has
   * one writer at a time. The try is counted here, so a crash mid-send still counts.
   */
  async claimNext(
    owner: string,
    now: Date,
    leaseMs: number,
    postgres: boolean,
    executor: Executor = this.db,
  ): Promise<OutboxRow | undefined> {
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    const claim = postgres ? claimForUpdateStatement : claimStatement;
    return (await claim(executor, owner, leaseUntil, nowIso)).rows[0];
  }

  /** Pending messages due by `now`, whether a worker holds them or not. */
  async countDue(now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .where('not_before', '<=', now.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Ends a claimed try. False when the lease was lost (another process took the row). */
  async finish(
    id: string,
    owner: string,
    outcome: OutboxOutcome,
    executor: Executor = this.db,
  ): Promise<boolean> {
    const now = outcome.now.toISOString();
    if (outcome.status === 'sent') {
      return (await sentStatement(executor, id, owner, now)).numAffectedRows === 1n;
    }
    const result = await executor
      .updateTable('outbox')
      .set({
        status: outcome.status,
        lease_owner: null,
        lease_until: null,
        updated_at: now,
        last_error: outcome.reason,
        ...(outcome.status === 'pending' ? { not_before: outcome.retryAt.toISOString() } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Ends a claimed try and claims the next due message in one transaction: one commit (on SQLite
   * one disk flush) per message instead of two. The next claim is taken only once the outcome is
   * recorded, so a crash still repeats at most the one message being sent.
   */
  finishAndClaimNext(
    id: string,
    owner: string,
    outcome: OutboxOutcome,
    claim: { now: Date; leaseMs: number; postgres: boolean },
  ): Promise<{ recorded: boolean; next: OutboxRow | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      const recorded = await this.finish(id, owner, outcome, trx);
      const next = await this.claimNext(owner, claim.now, claim.leaseMs, claim.postgres, trx);
      return { recorded, next };
    });
  }

  /**
   * Gives a claimed message back untried (a worker that was told to stop as it claimed it): no
   * lease, and the try it counted taken back.
   */
  async release(id: string, owner: string, now: Date): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({
        lease_owner: null,
        lease_until: null,
        attempts: sql`attempts - 1`,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** What the send-time checks read about the recipient. */
  async recipient(userId: string) {
    return (await recipientStatement(this.db, userId)).rows[0];
  }

  /**
   * A message written at send time (a thread's unread messages) as it goes: the outbox page shows
   * what was sent. Only while the lease is held.
   */
  async rewrite(id: string, owner: string, message: Pick<MailMessage, 'subject' | 'text' | 'html'>) {
    await this.db
      .updateTable('outbox')
      .set({ subject: message.subject, text: message.text, html: message.html ?? null })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** A booking's pending emails of one kind are skipped (e.g. a cancelled booking's reminders). */
  async skipPending(
    executor: Executor,
    { bookingId, kind, reason }: { bookingId: string; kind: OutboxKind; reason: string },
    now: Date,
  ): Promise<void> {
    await executor
      .updateTable('outbox')
      .set({ status: 'skipped', last_error: reason, updated_at: now.toISOString() })
      .where('booking_id', '=', bookingId)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Failed messages (all, or the given ids) go again now, retried for another `retryForMs`. */
  async retryFailed(now: Date, retryForMs: number, ids?: readonly string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    let query = this.db
      .updateTable('outbox')
      .set({
        status: 'pending',
        not_before: now.toISOString(),
        give_up_at: new Date(now.getTime() + retryForMs).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('status', '=', 'failed');
    if (ids) query = query.where('id', 'in', ids);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  findById(id: string): Promise<OutboxRow | undefined> {
    return this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  list(options: { to?: string; status?: OutboxRow['status']; limit: number }): Promise<OutboxRow[]> {
    let query = this.db.selectFrom('outbox').selectAll();
    if (options.to) query = query.where('to_address', '=', options.to.toLowerCase());
    if (options.status) query = query.where('status', '=', options.status);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }

  /** Finished messages older than the cutoffs go (their bodies hold codes and personal details). */
  async purge(finishedBefore: Date, failedBefore: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', 'in', ['sent', 'skipped']),
            eb('updated_at', '<', finishedBefore.toISOString()),
          ]),
          eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', failedBefore.toISOString())]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
