import { CODE_MAX_ATTEMPTS } from '@app/domain';
import type { CodePurpose } from '../../db/schema';
import { addMs } from '../../lib/clock';
import { digestsEqual, generateNumericCode, hmacHex } from '../../lib/secrets';
import type { AuthRepository, CodeRow } from '../../repositories/auth.repository';

/** A guess at an open code: right and in time, wrong (or no code to guess), or right but expired. */
export type CodeCheck = { status: 'valid'; code: CodeRow } | { status: 'wrong' } | { status: 'expired' };

/**
 * The emailed six-digit codes (sign-up, password reset, email change). Only an HMAC of purpose,
 * account and code is stored, keyed by the code secret.
 */
export class OneTimeCodes {
  constructor(private readonly secret: string) {}

  private hash(userId: string, purpose: CodePurpose, code: string): string {
    return hmacHex(this.secret, `${purpose}:${userId}:${code}`);
  }

  /** Stores a new code for the account and purpose (replacing the last) and returns it for the email. */
  async issue(
    repository: AuthRepository,
    request: { userId: string; purpose: CodePurpose; ttlMs: number; targetEmail?: string },
    now: Date,
  ): Promise<string> {
    const code = generateNumericCode();
    await repository.replaceCode({
      userId: request.userId,
      purpose: request.purpose,
      codeHash: this.hash(request.userId, request.purpose, code),
      expiresAt: addMs(now, request.ttlMs).toISOString(),
      now: now.toISOString(),
      ...(request.targetEmail === undefined ? {} : { targetEmail: request.targetEmail }),
    });
    return code;
  }

  /**
   * Checks a guess against the open code. A try is reserved BEFORE the comparison, atomically, so
   * concurrent guesses get CODE_MAX_ATTEMPTS in all; the last wrong try voids the code. Expiry is
   * checked only for the right code (it proves the mailbox). Using the code is the caller's step.
   */
  async check(
    repository: AuthRepository,
    open: CodeRow | undefined,
    guess: string,
    now: Date,
  ): Promise<CodeCheck> {
    const tryNumber = open ? await repository.reserveAttempt(open.id, CODE_MAX_ATTEMPTS) : null;
    if (
      !open ||
      tryNumber === null ||
      !digestsEqual(this.hash(open.user_id, open.purpose, guess), open.code_hash)
    ) {
      if (open && tryNumber !== null && tryNumber >= CODE_MAX_ATTEMPTS) {
        await repository.voidCode(open.id, now.toISOString());
      }
      return { status: 'wrong' };
    }
    if (open.expires_at <= now.toISOString()) return { status: 'expired' };
    return { status: 'valid', code: open };
  }
}
