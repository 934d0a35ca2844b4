import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { InvitesTable } from '../db/schema';

export type InviteRow = Selectable<InvitesTable>;

/** Business invitations. Only the SHA-256 of an invite code is stored, never the code. */
export class InvitesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a new invite for the address, replacing its unused one if it has one (expired or not):
   * the replaced code stops working at once and reads as unknown. One atomic upsert on the partial
   * unique index "one unused invite per email", so of concurrent invites to one address the last
   * write wins and no duplicate can appear. Used invites stay as the record of who joined through
   * which invitation.
   */
  async replaceOpen(invite: {
    codeHash: string;
    email: string;
    invitedBy: string;
    expiresAt: string;
    now: string;
  }): Promise<void> {
    await this.db
      .insertInto('invites')
      .values({
        id: randomUUID(),
        code_hash: invite.codeHash,
        email: invite.email,
        invited_by: invite.invitedBy,
        expires_at: invite.expiresAt,
        used_at: null,
        used_by: null,
        created_at: invite.now,
      })
      .onConflict((oc) =>
        oc
          .column('email')
          .where('used_at', 'is', null)
          .doUpdateSet((eb) => ({
            id: eb.ref('excluded.id'),
            code_hash: eb.ref('excluded.code_hash'),
            invited_by: eb.ref('excluded.invited_by'),
            expires_at: eb.ref('excluded.expires_at'),
            created_at: eb.ref('excluded.created_at'),
          })),
      )
      .execute();
  }

  /** The latest invitations (each address's open one, and used ones), newest first. */
  listLatest(limit: number): Promise<InviteRow[]> {
    return this.db
      .selectFrom('invites')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  findById(id: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Revokes an unused invitation: its row goes, so its code reads as unknown. False when used or gone. */
  async deleteUnused(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('invites')
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /**
   * Renews an unused invitation: a new id (so a registration that read it by its old code cannot
   * use it, as with replaceOpen), code, expiry and sending time, in one conditional UPDATE. Undefined
   * when it was used, revoked or renewed meanwhile: of two renewals or a renewal and a revocation at
   * once, exactly one matches.
   */
  renewUnused(
    id: string,
    invite: { codeHash: string; invitedBy: string; expiresAt: string; now: string },
  ): Promise<InviteRow | undefined> {
    return this.db
      .updateTable('invites')
      .set({
        id: randomUUID(),
        code_hash: invite.codeHash,
        invited_by: invite.invitedBy,
        expires_at: invite.expiresAt,
        created_at: invite.now,
      })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  findByCodeHash(codeHash: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  }

  /**
   * Uses the invite if it is still unused and unexpired. The database decides between concurrent
   * registrations: exactly one conditional UPDATE matches (on PostgreSQL the others wait for its
   * row lock, then find `used_at` set). Returns false when another request used it first, it
   * expired meanwhile, or it was replaced by a newer invite (new id).
   */
  async markUsed(id: string, userId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('invites')
      .set({ used_at: now, used_by: userId })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
