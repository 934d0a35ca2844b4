import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AwayDatesTable, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type AwayDateRow = Selectable<AwayDatesTable>;
export type SessionRow = Pick<UserRow, 'id' | 'email' | 'user_type' | 'session_version' | 'is_confirmed'>;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** `email` must already be lower-case. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** The few columns an authenticated request needs. */
  findSession(id: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'user_type', 'session_version', 'is_confirmed'])
      .where('id', '=', id)
      .executeTakeFirst();
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

  listAwayDates(userId: string): Promise<AwayDateRow[]> {
    return this.db
      .selectFrom('away_dates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('start_date')
      .orderBy('created_at')
      .execute();
  }
}
