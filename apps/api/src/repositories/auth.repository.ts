import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CodePurpose, OneTimeCodesTable, RefreshTokensTable } from '../db/schema';

export type CodeRow = Selectable<OneTimeCodesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** One-time codes and refresh tokens. Only hashes are stored, never the values. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new code for the account and purpose, replacing the previous one (there is at most one
   * row per account and purpose: a unique index). One atomic upsert: of concurrent resends the last
   * write wins, the replaced code stops working at once and can never come back. The row gets a new
   * id, so a try reserved against the replaced code (`reserveAttempt`) or a consume of it misses.
   */
  async replaceCode(code: {
    userId: string;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: string;
    now: string;
    targetEmail?: string;
  }): Promise<void> {
    await this.db
      .insertInto('one_time_codes')
      .values({
        id: randomUUID(),
        user_id: code.userId,
        purpose: code.purpose,
        code_hash: code.codeHash,
        target_email: code.targetEmail ?? null,
        attempts: 0,
        expires_at: code.expiresAt,
        consumed_at: null,
        created_at: code.now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'purpose']).doUpdateSet((eb) => ({
          id: eb.ref('excluded.id'),
          code_hash: eb.ref('excluded.code_hash'),
          target_email: eb.ref('excluded.target_email'),
          attempts: 0,
          expires_at: eb.ref('excluded.expires_at'),
          consumed_at: null,
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  /**
   * The account's newest code for the purpose (the only one kept), or undefined when there is none
   * or it has been used, voided or exhausted. Expiry is the caller's check (it has its own message).
   */
  async findOpenCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
    const newest = await this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return newest && newest.consumed_at === null ? newest : undefined;
  }

  /**
   * Reserves one try of the code before the guess is compared, atomically: of any number of
   * concurrent guesses at most `maxAttempts` get a try. Returns the try's number (1…maxAttempts), or
   * null when the code is used, voided, replaced or out of tries.
   */
  async reserveAttempt(id: string, maxAttempts: number): Promise<number | null> {
    const row = await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : null;
  }

  /** Voids the code (its last try was wrong). */
  async voidCode(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('one_time_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** Uses the code; false when another request used (or voided) it first. */
  async consumeCode(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('one_time_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertRefreshToken(token: {
    userId: string;
    familyId: string;
    tokenHash: string;
    now: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: randomUUID(),
        user_id: token.userId,
        family_id: token.familyId,
        token_hash: token.tokenHash,
        created_at: token.now,
        expires_at: token.expiresAt,
        rotated_at: null,
        revoked_at: null,
      })
      .execute();
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks the token as rotated if nobody did yet. The database decides the race between two
   * concurrent refreshes: exactly one UPDATE matches.
   */
  async markRotated(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async revokeFamily(familyId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
