import { INVITE_EXPIRY_HOURS, MESSAGES, type SentInvite, type VerifyInviteResponse } from '@app/domain';
import type { Db } from '../../db/database';
import { addMs, type Clock, HOUR_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { generateToken, sha256Hex } from '../../lib/secrets';
import { businessInviteEmail } from '../../mail/templates';
import { type InviteRow, InvitesRepository } from '../../repositories/invites.repository';
import { UsersRepository } from '../../repositories/users.repository';
import type { Outbox } from '../outbox/outbox.service';
import { AUTH_MESSAGES } from './auth.messages';

export interface InvitesServiceDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  /** Public address of the web app, for the emailed invite link. */
  appUrl: string;
}

/** 256 random bits, base64url (43 characters): an invite link cannot be guessed. */
const INVITE_CODE_BYTES = 32;

const emailTaken = () => new AppError('UsernameExists', AUTH_MESSAGES.emailTaken);

/** Why an invite cannot be used (404 unknown or replaced, 409 used, 410 expired), or null. */
export function inviteProblem(invite: InviteRow | undefined, now: string): AppError | null {
  if (!invite) return new AppError('InviteNotFound', MESSAGES.inviteInvalidOrUsed);
  if (invite.used_at) return new AppError('InviteUsed', MESSAGES.inviteInvalidOrUsed);
  if (invite.expires_at <= now) return new AppError('InviteExpired', MESSAGES.inviteExpired);
  return null;
}

/** How many invitations the Admin's list shows (the newest). */
const SENT_INVITES_LIMIT = 200;

/** An invitation as the Admin's list shows it: never its code (only its hash is kept). */
function toSentInvite(row: InviteRow, now: string): SentInvite {
  return {
    id: row.id,
    email: row.email,
    sentAt: row.created_at,
    expiresAt: row.expires_at,
    state: row.used_at ? 'used' : row.expires_at <= now ? 'expired' : 'open',
    usedAt: row.used_at,
  };
}

export function assertUsable(invite: InviteRow | undefined, now: string): asserts invite is InviteRow {
  const problem = inviteProblem(invite, now);
  if (problem) throw problem;
}

/**
 * The Admin's invitations of businesses (api-contract §2, issue 29 item 18): send, list, resend,
 * revoke, and the invite page's check. Registration through an invite is the AuthService's.
 */
export class InvitesService {
  private readonly users: UsersRepository;
  private readonly invites: InvitesRepository;

  constructor(private readonly deps: InvitesServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.invites = new InvitesRepository(deps.db);
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * An Admin invites a business: a random code (256 bits) of which only the SHA-256 is stored,
   * valid INVITE_EXPIRY_HOURS, single use, emailed as `${APP_URL}/invite/{code}`. A new invite
   * replaces the address's unused one, so the earlier link stops working (it then reads as unknown);
   * the database keeps one unused invite per address even when two are sent at once. The email is
   * written to the outbox with the invite: both commit or neither does.
   */
  async sendBusinessInvite(invitedBy: string, email: string): Promise<{ expiresAt: string }> {
    if (await this.users.findByEmail(email)) throw emailTaken();
    const inviteCode = generateToken(INVITE_CODE_BYTES);
    const now = this.now();
    const expiresAt = addMs(now, INVITE_EXPIRY_HOURS * HOUR_MS).toISOString();
    const link = `${this.deps.appUrl}/invite/${encodeURIComponent(inviteCode)}`;
    await this.deps.db.transaction().execute(async (trx) => {
      await new InvitesRepository(trx).replaceOpen({
        codeHash: sha256Hex(inviteCode),
        email,
        invitedBy,
        expiresAt,
        now: now.toISOString(),
      });
      await this.deps.outbox.enqueue(trx, businessInviteEmail(email, link), { kind: 'invite' });
    });
    return { expiresAt };
  }

  /** GET /auth/invites (Admin): the latest invitations, newest first, with where each stands. */
  async listInvites(): Promise<SentInvite[]> {
    const now = this.now().toISOString();
    return (await this.invites.listLatest(SENT_INVITES_LIMIT)).map((row) => toSentInvite(row, now));
  }

  /**
   * POST /auth/invites/{id}/resend (Admin): a new link and expiry for an unused invitation (expired
   * or not), emailed again; the earlier link stops working. 404 when unknown (revoked or replaced),
   * 409 InviteUsed once used, 409 UsernameExists when the address has an account meanwhile.
   */
  async resendInvite(adminId: string, id: string): Promise<SentInvite> {
    const invite = await this.invites.findById(id);
    if (!invite) throw new AppError('InviteNotFound', AUTH_MESSAGES.inviteNotFound);
    if (invite.used_at) throw new AppError('InviteUsed', AUTH_MESSAGES.inviteAlreadyUsed);
    if (await this.users.findByEmail(invite.email)) throw emailTaken();
    const inviteCode = generateToken(INVITE_CODE_BYTES);
    const now = this.now();
    const expiresAt = addMs(now, INVITE_EXPIRY_HOURS * HOUR_MS).toISOString();
    const link = `${this.deps.appUrl}/invite/${encodeURIComponent(inviteCode)}`;
    // The renewal and its email are one change: both, or neither.
    const renewed = await this.deps.db.transaction().execute(async (trx) => {
      const row = await new InvitesRepository(trx).renewUnused(id, {
        codeHash: sha256Hex(inviteCode),
        invitedBy: adminId,
        expiresAt,
        now: now.toISOString(),
      });
      if (row) await this.deps.outbox.enqueue(trx, businessInviteEmail(row.email, link), { kind: 'invite' });
      return row;
    });
    if (!renewed) {
      // Used, revoked or renewed by another request meanwhile.
      if ((await this.invites.findById(id))?.used_at) {
        throw new AppError('InviteUsed', AUTH_MESSAGES.inviteAlreadyUsed);
      }
      throw new AppError('InviteNotFound', AUTH_MESSAGES.inviteNotFound);
    }
    return toSentInvite(renewed, now.toISOString());
  }

  /** DELETE /auth/invites/{id} (Admin): the unused invitation's link stops working at once. */
  async revokeInvite(id: string): Promise<void> {
    if (await this.invites.deleteUnused(id)) return;
    const invite = await this.invites.findById(id);
    if (invite?.used_at) throw new AppError('InviteUsed', AUTH_MESSAGES.inviteAlreadyUsed);
    throw new AppError('InviteNotFound', AUTH_MESSAGES.inviteNotFound);
  }

  /**
   * The invite page's check. The invited email is only told for a usable invite: unknown, replaced
   * and used codes all answer `{ email: null, valid: false, expired: false }`, expired ones
   * `{ email: null, valid: false, expired: true }` (a used invite counts as used, even once expired).
   */
  async verifyInvite(inviteCode: string): Promise<VerifyInviteResponse> {
    const invite = await this.invites.findByCodeHash(sha256Hex(inviteCode));
    const problem = inviteProblem(invite, this.now().toISOString());
    if (!invite || problem) return { email: null, valid: false, expired: problem?.code === 'InviteExpired' };
    return { email: invite.email, valid: true, expired: false };
  }
}
