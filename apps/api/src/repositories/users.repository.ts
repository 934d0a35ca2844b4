import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { AwayDatesTable, UsersTable } from '../db/schema';

/** Columns a person may change on their own account row (never id, email, password or role). */
export type AccountChanges = Pick<
  Updateable<UsersTable>,
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'address'
  | 'pending_email'
  | 'minimum_price'
  | 'home_visits_enabled'
  | 'home_visit_districts'
  | 'availability'
  | 'cancellation_notice_hours'
  | 'business_name'
  | 'business_address'
  | 'business_description'
  | 'show_full_address'
  | 'next_available_until'
>;

/** Businesses customers may find and book: confirmed, listed Business and Admin accounts. */
const BOOKABLE_TYPES = ['Business', 'Admin'] as const;

/** The row of a business customers may find and book (what `findBookableBusiness` selects). */
export const isBookableBusiness = (row: UserRow): boolean =>
  (BOOKABLE_TYPES as readonly string[]).includes(row.user_type) &&
  row.is_confirmed === 1 &&
  row.is_listed === 1;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type AwayDateRow = Selectable<AwayDatesTable>;
export type NewAwayDateRow = Insertable<AwayDatesTable>;
/** The account's notification settings (api-contract §8.3). */
const NOTIFICATION_COLUMNS = [
  'notify_booking_updates',
  'notify_reminders',
  'notify_messages',
  'notify_marketing',
] as const;
export type NotificationSettingsRow = Pick<UserRow, (typeof NOTIFICATION_COLUMNS)[number]>;
export type SessionRow = Pick<
  UserRow,
  'id' | 'email' | 'user_type' | 'session_version' | 'is_confirmed' | 'bookings_version'
>;

// The statements of every authenticated request and every booking write, compiled once (db/prepared).
const sessionStatement = prepared((db, id: string, familyId: string, now: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'user_type', 'session_version', 'is_confirmed', 'bookings_version'])
    .where('id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', familyId)
          .where('refresh_tokens.user_id', '=', id)
          .where('refresh_tokens.revoked_at', 'is', null)
          .where('refresh_tokens.expires_at', '>', now),
      ),
    ),
);
const awayDatesStatement = prepared((db, userId: string) =>
  db
    .selectFrom('away_dates')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('start_date')
    .orderBy('created_at'),
);
const lockStatement = prepared((db, id: string) =>
  db.updateTable('users').set({ session_version: sql`session_version` }).where('id', '=', id),
);
const lockAndReadStatement = prepared((db, id: string) =>
  db.updateTable('users').set({ session_version: sql`session_version` }).where('id', '=', id).returningAll(),
);

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** `email` must already be lower-case. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /**
   * The few columns an authenticated request needs, when the login the access token belongs to
   * (its refresh-token family) still has a token neither revoked nor expired: logout and revocation
   * end access tokens at once. One query (refresh_tokens_family_idx), which also reads the
   * account's bookings version for the kept lists (decision 12).
   */
  async findSession(id: string, familyId: string, now: string): Promise<SessionRow | undefined> {
    return (await sessionStatement(this.db, id, familyId, now)).rows[0];
  }

  async insert(user: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async markConfirmed(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ is_confirmed: 1, confirmed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('is_confirmed', '=', 0)
      .execute();
  }

  /** Same password, stronger hash parameters: sessions stay valid. */
  async updatePasswordHash(id: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A new password after a reset: ends every access token issued before (session_version), and
   * confirms the account, since the reset code proved the address.
   */
  async resetPassword(id: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        session_version: eb('session_version', '+', 1),
        is_confirmed: 1,
        confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', id)
      .execute();
  }

  async listAwayDates(userId: string): Promise<AwayDateRow[]> {
    return (await awayDatesStatement(this.db, userId)).rows;
  }

  /**
   * Takes the account row's write lock until the transaction ends, and says whether the row exists.
   * NOTE: a no-op UPDATE rather than SELECT … FOR UPDATE because it works on both dialects: on
   * PostgreSQL it row-locks (serialising every booking write of one business); on SQLite it starts
   * the write transaction at once (like BEGIN IMMEDIATE), so nothing read afterwards can be stale.
   * Call it first in the transaction.
   */
  async lockAccount(id: string): Promise<boolean> {
    return (await lockStatement(this.db, id)).numAffectedRows === 1n;
  }

  /**
   * `lockAccount` and the row as it is under the lock, in one statement (the booking writes' first
   * step, issue 34): undefined when there is no such account.
   */
  async lockAndRead(id: string): Promise<UserRow | undefined> {
    return (await lockAndReadStatement(this.db, id)).rows[0];
  }

  findBookableBusiness(id: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('user_type', 'in', BOOKABLE_TYPES)
      .where('is_confirmed', '=', 1)
      .where('is_listed', '=', 1)
      .executeTakeFirst();
  }

  /**
   * The business's slots changed (an hour taken or freed, hours or away dates): its kept next free
   * hour (migration 0009) is recomputed at the next read of the list.
   */
  async markSlotsChanged(id: string): Promise<void> {
    await this.db.updateTable('users').set({ next_available_until: '' }).where('id', '=', id).execute();
  }

  async update(id: string, changes: AccountChanges, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  findNotificationSettings(id: string): Promise<NotificationSettingsRow | undefined> {
    return this.db.selectFrom('users').select(NOTIFICATION_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async updateNotificationSettings(
    id: string,
    settings: NotificationSettingsRow,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...settings, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Applies a confirmed email change; throws a unique violation when the address was taken meanwhile. */
  async applyEmailChange(id: string, email: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email, pending_email: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Removes the login and profile; codes, refresh tokens and away dates go with it (foreign keys). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** Replaces the whole list of away dates of an account. */
  async replaceAwayDates(userId: string, entries: NewAwayDateRow[]): Promise<void> {
    await this.db.deleteFrom('away_dates').where('user_id', '=', userId).execute();
    if (entries.length > 0) await this.db.insertInto('away_dates').values(entries).execute();
  }
}
