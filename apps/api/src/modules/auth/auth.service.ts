import { randomUUID } from 'node:crypto';
import {
  type LoginResponse,
  MESSAGES,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_CODE_TTL_HOURS,
  type RegisterRequestSchema,
  type RegisterWithInviteRequestSchema,
  type ResetPasswordRequestSchema,
  SIGNUP_CODE_TTL_HOURS,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { newUserRow } from '../../db/new-user-row';
import type { CodePurpose } from '../../db/schema';
import type { AccessTokens } from '../../lib/access-tokens';
import { addMs, type Clock, DAY_MS, HOUR_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { generateToken, sha256Hex } from '../../lib/secrets';
import { passwordResetCodeEmail, signupCodeEmail } from '../../mail/templates';
import type { AuthUser } from '../../plugins/auth';
import { AuthRepository, type CodeRow } from '../../repositories/auth.repository';
import { InvitesRepository } from '../../repositories/invites.repository';
import { type UserRow, UsersRepository } from '../../repositories/users.repository';
import type { Outbox } from '../outbox/outbox.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { AUTH_MESSAGES } from './auth.messages';
import { BackgroundTasks } from './background-tasks';
import { assertUsable, inviteProblem } from './invites.service';
import { OneTimeCodes } from './one-time-codes';

export type RegisterInput = z.output<typeof RegisterRequestSchema>;
export type ResetPasswordInput = z.output<typeof ResetPasswordRequestSchema>;
export type RegisterWithInviteInput = z.output<typeof RegisterWithInviteRequestSchema>;

export interface AuthServiceDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  accessTokens: AccessTokens;
  rateLimits: RateLimitsService;
  /** Keys the one-time-code hashes (derived from JWT_SECRET). */
  codeSecret: string;
  logger: FastifyBaseLogger;
  /** Public address of the web app, for the emailed invite link. */
  appUrl: string;
}

// Per-account failure counters (rate-limits.service): wrong passwords, and wrong codes.
const LOGIN = 'login';
const CODE = 'code';

/** A rotated token presented again within this time is treated as a race, not as theft. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const codeMismatch = () => new AppError('CodeMismatch', AUTH_MESSAGES.codeMismatch);
const emailTaken = () => new AppError('UsernameExists', AUTH_MESSAGES.emailTaken);
const invalidRefreshToken = () => new AppError('NotAuthorized', AUTH_MESSAGES.invalidRefreshToken);

/**
 * Accounts and sessions (api-contract §2): sign-up and its code, sign-in, refresh-token rotation,
 * sign-out, password reset, and a business's registration through an Admin's invite.
 */
export class AuthService {
  private readonly users: UsersRepository;
  private readonly auth: AuthRepository;
  private readonly invites: InvitesRepository;
  private readonly background: BackgroundTasks;
  private readonly codes: OneTimeCodes;

  constructor(private readonly deps: AuthServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.auth = new AuthRepository(deps.db);
    this.invites = new InvitesRepository(deps.db);
    this.background = new BackgroundTasks(deps.logger);
    this.codes = new OneTimeCodes(deps.codeSecret);
  }

  /** Resolves when the code emails of resend-code and forgot-password in flight are done. */
  whenIdle(): Promise<void> {
    return this.background.whenIdle();
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * A new code for the account (replacing its open one) and the email that carries it, in one
   * transaction: `executor` is the caller's, or a new one.
   */
  private async sendCode(
    executor: Db | undefined,
    user: { id: string; email: string },
    purpose: 'signup' | 'password_reset',
  ): Promise<void> {
    const issue = async (trx: Db) => {
      const ttlMs = (purpose === 'signup' ? SIGNUP_CODE_TTL_HOURS : RESET_CODE_TTL_HOURS) * HOUR_MS;
      const code = await this.codes.issue(
        new AuthRepository(trx),
        { userId: user.id, purpose, ttlMs },
        this.now(),
      );
      const email =
        purpose === 'signup' ? signupCodeEmail(user.email, code) : passwordResetCodeEmail(user.email, code);
      await this.deps.outbox.enqueue(trx, email, { kind: 'code', recipientId: user.id });
    };
    if (executor) await issue(executor);
    else await this.deps.db.transaction().execute(issue);
  }

  /**
   * Checks a code against the account's newest code. Every try is counted BEFORE the comparison,
   * atomically, against the account (429 past the limit) and against the code (OneTimeCodes.check),
   * so concurrent guesses cannot get more tries than that. Unknown accounts answer exactly like
   * wrong codes.
   */
  private async checkCode(
    email: string,
    purpose: CodePurpose,
    code: string,
    accountFilter: (user: UserRow) => boolean,
  ): Promise<{ user: UserRow; open: CodeRow }> {
    const attempt = await this.deps.rateLimits.beginAttempt(CODE, email);
    const user = await this.users.findByEmail(email);
    const open = user && accountFilter(user) ? await this.auth.findOpenCode(user.id, purpose) : undefined;
    const checked = await this.codes.check(this.auth, open, code, this.now());
    if (!user || checked.status === 'wrong') {
      await this.deps.rateLimits.attemptFailed(CODE, email, attempt);
      throw codeMismatch();
    }
    if (checked.status === 'expired') {
      // The right code, only too late: it proves the mailbox, so it does not count as a failure.
      await this.deps.rateLimits.clearFailures(CODE, email);
      throw new AppError('ExpiredCode', AUTH_MESSAGES.codeExpired);
    }
    return { user, open: checked.code };
  }

  /**
   * The user a bearer access token stands for, or null. Besides a valid signature and expiry, the
   * account must still exist, confirmed, with the token's session version (a password reset or an
   * account deletion ends access tokens issued before it), and the token's login must still have a
   * live refresh token (logout and re-use revocation end it too).
   */
  async authenticate(accessToken: string): Promise<AuthUser | null> {
    const claims = this.deps.accessTokens.verify(accessToken);
    if (!claims) return null;
    const session = await this.users.findSession(claims.sub, claims.sid, this.now().toISOString());
    if (!session || session.session_version !== claims.sv || session.is_confirmed !== 1) return null;
    return {
      id: session.id,
      email: session.email,
      userType: session.user_type,
      bookingsVersion: session.bookings_version,
    };
  }

  private async issueSession(user: UserRow, familyId: string, repository: AuthRepository) {
    const refreshToken = generateToken(32);
    const now = this.now();
    await repository.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      now: now.toISOString(),
      expiresAt: addMs(now, REFRESH_TOKEN_TTL_DAYS * DAY_MS).toISOString(),
    });
    const access = this.deps.accessTokens.issue(user, familyId);
    return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn };
  }

  /** Sign-up: always a customer (`User`), unconfirmed until the emailed code comes back. */
  async register(input: RegisterInput): Promise<void> {
    if (await this.users.findByEmail(input.email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const now = this.now().toISOString();
    const id = randomUUID();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await new UsersRepository(trx).insert(
          newUserRow({
            id,
            email: input.email,
            password_hash: passwordHash,
            user_type: 'User',
            first_name: input.firstName,
            last_name: input.lastName,
            phone_number: input.phoneNumber,
            address: input.address,
            birthdate: input.birthdate,
            notify_marketing: input.marketingConsent ? 1 : 0,
            created_at: now,
          }),
        );
        await this.sendCode(trx, { id, email: input.email }, 'signup');
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index lets one through.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async confirmSignup(email: string, code: string): Promise<void> {
    const { user, open } = await this.checkCode(email, 'signup', code, (u) => u.is_confirmed === 0);
    const now = this.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await new AuthRepository(trx).consumeCode(open.id, now))) throw codeMismatch();
      await new UsersRepository(trx).markConfirmed(user.id, now);
    });
    await this.deps.rateLimits.clearFailures(CODE, email);
  }

  /**
   * Answers the same whether or not the account exists (the route always says 200), and in the
   * same time: the request does one write (the per-address email cap) whatever the account; looking
   * the account up, storing the code and sending the email happen after the answer.
   */
  async resendCode(email: string): Promise<void> {
    if (!(await this.deps.rateLimits.allowEmail(email))) return;
    this.background.run('resend-code', async () => {
      const user = await this.users.findByEmail(email);
      if (!user || user.is_confirmed === 1) return;
      await this.sendCode(undefined, user, 'signup');
    });
  }

  /**
   * The attempt is counted against the account before the password is checked (concurrent guesses
   * cannot get past the limit), and the count is cleared by the right password.
   */
  async login(email: string, password: string): Promise<LoginResponse> {
    const attempt = await this.deps.rateLimits.beginAttempt(LOGIN, email);
    const user = await this.users.findByEmail(email);
    const isValid = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!user || !isValid) {
      await this.deps.rateLimits.attemptFailed(LOGIN, email, attempt);
      throw new AppError('NotAuthorized', MESSAGES.incorrectCredentials);
    }
    await this.deps.rateLimits.clearFailures(LOGIN, email);
    // Only a caller who knows the password learns that the account is unconfirmed.
    if (user.is_confirmed === 0) throw new AppError('UserNotConfirmed', MESSAGES.userNotConfirmed);
    if (passwordNeedsRehash(user.password_hash)) {
      await this.users.updatePasswordHash(user.id, await hashPassword(password), this.now().toISOString());
    }
    const session = await this.issueSession(user, randomUUID(), this.auth);
    return { ...session, tokenType: 'Bearer' };
  }

  /**
   * Rotation: the presented token stops working and a new one of the same login (family) is
   * returned. Presenting an already-rotated token again means it leaked: the whole login is revoked.
   */
  async refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken: string }> {
    const now = this.now().toISOString();
    const stored = await this.auth.findRefreshToken(sha256Hex(refreshToken));
    if (!stored || stored.revoked_at || stored.expires_at <= now) throw invalidRefreshToken();
    if (stored.rotated_at) {
      // NOTE: a token re-presented within seconds of its rotation is a race between two tabs (or a
      // retry), not theft: it gets a 401 but the login survives. Any later re-use revokes it.
      const isRace = Date.parse(now) - Date.parse(stored.rotated_at) < REFRESH_REUSE_GRACE_MS;
      if (!isRace) {
        await this.auth.revokeFamily(stored.family_id, now);
        this.deps.logger.warn({ userId: stored.user_id }, 'refresh token re-used: login revoked');
      }
      throw invalidRefreshToken();
    }
    const user = await this.users.findById(stored.user_id);
    if (!user || user.is_confirmed === 0) throw invalidRefreshToken();
    const session = await this.deps.db.transaction().execute(async (trx) => {
      const repository = new AuthRepository(trx);
      // Two concurrent refreshes of one token: the database lets exactly one UPDATE match.
      if (!(await repository.markRotated(stored.id, now))) throw invalidRefreshToken();
      return this.issueSession(user, stored.family_id, repository);
    });
    return { accessToken: session.accessToken, refreshToken: session.refreshToken };
  }

  /** Ends the login the token belongs to; unknown tokens are ignored. */
  async logout(refreshToken: string): Promise<void> {
    const stored = await this.auth.findRefreshToken(sha256Hex(refreshToken));
    if (stored) await this.auth.revokeFamily(stored.family_id, this.now().toISOString());
  }

  /** Answers the same whether or not the account exists, in the same time (see resendCode). */
  async forgotPassword(email: string): Promise<void> {
    if (!(await this.deps.rateLimits.allowEmail(email))) return;
    this.background.run('forgot-password', async () => {
      const user = await this.users.findByEmail(email);
      if (!user) return;
      await this.sendCode(undefined, user, 'password_reset');
    });
  }

  /** A new password ends every session of the account: refresh tokens and access tokens. */
  async resetPassword(input: ResetPasswordInput): Promise<void> {
    const { user, open } = await this.checkCode(
      input.email,
      'password_reset',
      input.confirmationCode,
      () => true,
    );
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const repository = new AuthRepository(trx);
      if (!(await repository.consumeCode(open.id, now))) throw codeMismatch();
      await new UsersRepository(trx).resetPassword(user.id, passwordHash, now);
      await repository.revokeAllForUser(user.id, now);
    });
    await this.deps.rateLimits.clearFailures(CODE, input.email);
    await this.deps.rateLimits.clearFailures(LOGIN, input.email);
  }

  // ---- Invites (api-contract §2) ------------------------------------------------------------------

  /**
   * Business registration through an invite: an unconfirmed, listed Business account for the
   * invite's email, with its shop, hours and prices; the invite is used; a sign-up code is emailed
   * (confirmed through confirm-signup, like any account). Single use is decided by the database:
   * the conditional UPDATE of the invite and the account insert share one transaction, so of any
   * number of concurrent registrations exactly one commits; the others get 409 (or 410 / 404 when
   * the invite expired or was replaced meanwhile). The unique email index is the backstop.
   */
  async registerWithInvite(input: RegisterWithInviteInput): Promise<void> {
    const codeHash = sha256Hex(input.inviteCode);
    const invite = await this.invites.findByCodeHash(codeHash);
    assertUsable(invite, this.now().toISOString());
    if (await this.users.findByEmail(invite.email)) {
      // A concurrent registration with this invite may have committed between the two reads: its
      // losers hear that the invite is used, as they do when the conditional update decides.
      throw (
        inviteProblem(await this.invites.findByCodeHash(codeHash), this.now().toISOString()) ?? emailTaken()
      );
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.now().toISOString();
    const id = randomUUID();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const invites = new InvitesRepository(trx);
        if (!(await invites.markUsed(invite.id, id, now))) {
          throw inviteProblem(await invites.findByCodeHash(codeHash), now) ?? emailTaken();
        }
        await new UsersRepository(trx).insert(
          newUserRow({
            id,
            email: invite.email,
            password_hash: passwordHash,
            user_type: 'Business',
            first_name: input.firstName,
            last_name: input.lastName,
            phone_number: input.phoneNumber,
            address: input.address,
            birthdate: input.birthdate,
            business_name: input.businessName,
            business_address: input.businessAddress,
            business_description: input.businessDescription ?? null,
            minimum_price: input.minimumPrice,
            home_visits_enabled: input.homeVisitsEnabled ? 1 : 0,
            is_listed: 1,
            availability: JSON.stringify(input.availability),
            created_at: now,
          }),
        );
        await this.sendCode(trx, { id, email: invite.email }, 'signup');
      });
    } catch (error) {
      // The address got an account meanwhile: the invite stays unused (the transaction rolled back).
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }
}
