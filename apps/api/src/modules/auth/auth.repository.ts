import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CodePurpose, OneTimeCodesTable, RefreshTokensTable } from '../../db/schema';

export type CodeRow = Selectable<OneTimeCodesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** One-time codes and refresh tokens. Only hashes are stored, never the values. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  /** Voids every open code of that purpose, then stores the new one: only the newest code works. */
  async replaceCode(code: {
    userId: string;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: string;
    now: string;
    targetEmail?: string;
  }): Promise<void> {
    await this.db
      .updateTable('one_time_codes')
      .set({ consumed_at: code.now })
      .where('user_id', '=', code.userId)
      .where('purpose', '=', code.purpose)
      .where('consumed_at', 'is', null)
      .execute();
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
      .execute();
  }

  findOpenCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong guess; the guess that reaches `maxAttempts` voids the code. */
  async recordWrongAttempt(id: string, maxAttempts: number, now: string): Promise<void> {
    await this.db
      .updateTable('one_time_codes')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        consumed_at: eb
          .case()
          .when('attempts', '>=', maxAttempts - 1)
          .then(now)
          .else(eb.ref('consumed_at'))
          .end(),
      }))
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
