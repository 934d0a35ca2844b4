import {
  EMAIL_CHANGE_CODE_TTL_HOURS,
  latestEndedBookingStart,
  MESSAGES,
  type ProfileUpdateRequestSchema,
  type UserProfile,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/database';
import { type Clock, HOUR_MS } from '../../lib/clock';
import { AppError, notAuthorized, RateLimitError } from '../../lib/errors';
import { emailChangeCodeEmail, emailChangedNoticeEmail } from '../../mail/templates';
import { AuthRepository } from '../../repositories/auth.repository';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { ReviewsRepository } from '../../repositories/reviews.repository';
import { type AccountChanges, type UserRow, UsersRepository } from '../../repositories/users.repository';
import { WaitlistRepository } from '../../repositories/waitlist.repository';
import { AUTH_MESSAGES } from '../auth/auth.messages';
import { OneTimeCodes } from '../auth/one-time-codes';
import type { Outbox } from '../outbox/outbox.service';
import { DEFAULT_FAILURE_WINDOW_MS, type RateLimitsService } from '../rate-limits/rate-limits.service';
import { toUserProfile } from './users.mapper';

export type ProfileUpdateInput = z.output<typeof ProfileUpdateRequestSchema>;

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  logger: FastifyBaseLogger;
  /** Keys the one-time-code hashes (the same key as the auth codes). */
  codeSecret: string;
  rateLimits: RateLimitsService;
}

export const ACCOUNT_MESSAGES = {
  deleted: 'Your account has been deleted.',
} as const;

const PURPOSE = 'email_change' as const;
const codeMismatch = () => new AppError('CodeMismatch', AUTH_MESSAGES.codeMismatch);
const emailTaken = () => new AppError('UsernameExists', AUTH_MESSAGES.emailTaken);

/**
 * A person's own account (api-contract §3): profile edits with a confirmed email change, and
 * deletion, which keeps bookings (with the names captured at booking time) but removes the login.
 */
export class AccountService {
  private readonly users: UsersRepository;
  private readonly auth: AuthRepository;
  private readonly codes: OneTimeCodes;

  constructor(private readonly deps: AccountServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.auth = new AuthRepository(deps.db);
    this.codes = new OneTimeCodes(deps.codeSecret);
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw notAuthorized();
    return user;
  }

  private async profileOf(userId: string): Promise<UserProfile> {
    const user = await this.requireUser(userId);
    const awayDates = user.user_type === 'User' ? [] : await this.users.listAwayDates(user.id);
    return toUserProfile(user, awayDates);
  }

  /**
   * PUT /user/update. Names and phone apply at once, and the address for customers (a business's
   * is ignored). A different Email is not applied: a code goes to the new address and the profile
   * comes back with PendingEmail; the same Email leaves any pending change as it is.
   */
  async updateProfile(userId: string, input: ProfileUpdateInput): Promise<UserProfile> {
    const user = await this.requireUser(userId);
    const isCustomer = user.user_type === 'User';
    if (isCustomer && !input.Address) {
      const message = MESSAGES.profileAddressLine1Required;
      throw new AppError('ValidationError', message, undefined, { Address: message });
    }
    const changes: AccountChanges = {
      first_name: input.FirstName,
      last_name: input.LastName,
      phone_number: input.PhoneNumber,
      ...(isCustomer && input.Address ? { address: input.Address } : {}),
    };
    const newEmail = input.Email === user.email ? null : input.Email;
    if (newEmail) {
      // NOTE: an address that already has an account is treated like any other (api-contract §2:
      // no answer but register's says whether an email has an account). Its code goes to that
      // mailbox, and only its owner could then get verify-email's 409.
      // The same quiet per-address cap as resend and forgot, so nobody can mail-bomb an address,
      // and one per account, so nobody can send code emails to address after address.
      const allowed =
        (await this.deps.rateLimits.allowEmail(newEmail)) &&
        (await this.deps.rateLimits.allowEmail(`account:${user.id}`));
      if (!allowed) throw new RateLimitError(DEFAULT_FAILURE_WINDOW_MS / 1000);
      changes.pending_email = newEmail;
    }
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      await new UsersRepository(trx).update(user.id, changes, now.toISOString());
      if (!newEmail) return;
      const ttlMs = EMAIL_CHANGE_CODE_TTL_HOURS * HOUR_MS;
      const code = await this.codes.issue(
        new AuthRepository(trx),
        { userId: user.id, purpose: PURPOSE, ttlMs, targetEmail: newEmail },
        now,
      );
      await this.deps.outbox.enqueue(trx, emailChangeCodeEmail(newEmail, code), {
        kind: 'code',
        recipientId: user.id,
      });
    });
    return this.profileOf(user.id);
  }

  /** POST /user/verify-email: applies the pending email change the code was sent for. */
  async verifyEmail(userId: string, code: string): Promise<UserProfile> {
    const user = await this.requireUser(userId);
    const clockNow = this.deps.clock();
    const now = clockNow.toISOString();
    const open = await this.auth.findOpenCode(user.id, PURPOSE);
    const checked = await this.codes.check(this.auth, open, code, clockNow);
    if (checked.status === 'wrong') throw codeMismatch();
    if (checked.status === 'expired') throw new AppError('ExpiredCode', AUTH_MESSAGES.codeExpired);
    // Every email-change code is stored with the address it confirms.
    const newEmail = checked.code.target_email;
    if (!newEmail) throw codeMismatch();
    const codeId = checked.code.id;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const users = new UsersRepository(trx);
        const owner = await users.findByEmail(newEmail);
        if (owner && owner.id !== user.id) throw emailTaken();
        if (!(await new AuthRepository(trx).consumeCode(codeId, now))) throw codeMismatch();
        await users.applyEmailChange(user.id, newEmail, now);
        // The old address hears of the change (a security notice: always sent).
        if (user.email !== newEmail) {
          await this.deps.outbox.enqueue(trx, emailChangedNoticeEmail(user.email, newEmail), {
            kind: 'security',
            recipientId: user.id,
          });
        }
      });
    } catch (error) {
      // Another account took the address between the check and the write.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    return this.profileOf(user.id);
  }

  /**
   * DELETE /user/delete-account. Refused while the account has a Requested, Countered, Approved or
   * Confirmed booking that has not ended, as customer or as business. Otherwise the login,
   * profile, refresh tokens, codes and away dates go at once (old access tokens stop working: the
   * auth plugin finds no account); bookings stay for 7 years with the names captured in them, but
   * the reviews the account wrote or received and its reports go (a review is published under its
   * author's name).
   */
  async deleteAccount(userId: string): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      // The same lock a new booking takes on its customer and business: none can slip in meanwhile.
      if (!(await users.lockAccount(userId))) throw notAuthorized();
      if (await new BookingsRepository(trx).hasActiveBookings(userId, latestEndedBookingStart(now))) {
        throw new AppError('ActiveBookings', MESSAGES.activeBookingsDelete);
      }
      // The account's reviews go with it (as their author, its businesses' totals lose them; as the
      // reviewed business, with its page), and so do its reports.
      await new ReviewsRepository(trx).deleteForAccount(userId);
      await new WaitlistRepository(trx).deleteForAccount(userId);
      await users.delete(userId);
    });
    this.deps.logger.info({ userId }, 'account deleted');
  }
}
