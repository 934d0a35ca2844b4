import type { Clock } from '../../lib/clock';
import { addMs, DAY_MS, MINUTE_MS } from '../../lib/clock';
import { RateLimitError } from '../../lib/errors';
import type { Bucket, RateLimitsRepository } from '../../repositories/rate-limits.repository';
import { clientKey } from './client-key';

export interface RateLimitSettings {
  /** Requests per IP per minute on each limited call (AUTH_RATE_LIMIT). */
  perIpPerMinute: number;
  /** Failed attempts per account within `failureWindowMs` before the account is blocked. */
  accountFailures: number;
  failureWindowMs: number;
  blockMs: number;
  /** Code emails (resend, forgot) per account within `failureWindowMs`; beyond it they are skipped. */
  accountEmails: number;
}

export const DEFAULT_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

const secondsUntil = (iso: string, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/**
 * Per-IP limits (every request counts) and per-account attempt limits (each login or code attempt
 * is counted before it is checked and a success clears the count; the failure that reaches the
 * limit blocks the account for `blockMs`). Keys for unknown accounts are counted exactly like real
 * ones, so a 429 reveals nothing about which emails exist.
 */
export class RateLimitsService {
  constructor(
    private readonly repository: RateLimitsRepository,
    private readonly clock: Clock,
    private readonly settings: RateLimitSettings,
  ) {}

  /** Counts a request against the caller: its IPv4 address, or its IPv6 /64 (see clientKey). */
  async hitPerIp(action: string, ip: string): Promise<void> {
    const now = this.clock();
    const bucket = await this.repository.hit(
      `ip:${action}:${clientKey(ip)}`,
      now.toISOString(),
      addMs(now, -MINUTE_MS).toISOString(),
    );
    if (bucket.count > this.settings.perIpPerMinute) {
      throw new RateLimitError(
        secondsUntil(addMs(new Date(bucket.window_start), MINUTE_MS).toISOString(), now),
      );
    }
  }

  /**
   * Counts a costly call against the account itself (a data export): more than `perMinute` in a
   * minute is a 429 with the seconds until the minute is over, whatever the IP.
   */
  async hitPerAccount(action: string, account: string, perMinute: number): Promise<void> {
    const now = this.clock();
    const bucket = await this.repository.hit(
      `account:${action}:${account}`,
      now.toISOString(),
      addMs(now, -MINUTE_MS).toISOString(),
    );
    if (bucket.count > perMinute) {
      throw new RateLimitError(
        secondsUntil(addMs(new Date(bucket.window_start), MINUTE_MS).toISOString(), now),
      );
    }
  }

  /**
   * Counts an attempt (a login, a code) against the account BEFORE it is checked, in one atomic
   * upsert, so concurrent attempts cannot all slip in under the limit: throws 429 while the account
   * is blocked, or when more than `accountFailures` attempts have been made in the window since the
   * last success. Pass the result to `attemptFailed` when the attempt fails; call `clearFailures`
   * when it succeeds.
   */
  async beginAttempt(action: string, account: string): Promise<Bucket> {
    const now = this.clock();
    const key = failureKey(action, account);
    const bucket = await this.repository.hit(
      key,
      now.toISOString(),
      addMs(now, -this.settings.failureWindowMs).toISOString(),
    );
    if (bucket.blocked_until && bucket.blocked_until > now.toISOString()) {
      throw new RateLimitError(secondsUntil(bucket.blocked_until, now));
    }
    if (bucket.count > this.settings.accountFailures) {
      const until = addMs(now, this.settings.blockMs).toISOString();
      await this.repository.block(key, until);
      throw new RateLimitError(secondsUntil(until, now));
    }
    return bucket;
  }

  /** The attempt counted by `beginAttempt` failed: the one that reaches the limit blocks the account. */
  async attemptFailed(action: string, account: string, attempt: Bucket): Promise<void> {
    if (attempt.count >= this.settings.accountFailures) {
      const now = this.clock();
      await this.repository.block(
        failureKey(action, account),
        addMs(now, this.settings.blockMs).toISOString(),
      );
    }
  }

  async clearFailures(action: string, account: string): Promise<void> {
    await this.repository.clear(failureKey(action, account));
  }

  /**
   * A quiet per-account cap on emails sent (resend, forgot): returns false when exceeded instead of
   * failing, because those calls answer the same whether or not the account exists.
   */
  async allowEmail(account: string): Promise<boolean> {
    const now = this.clock();
    const bucket = await this.repository.hit(
      `mail:${account}`,
      now.toISOString(),
      addMs(now, -this.settings.failureWindowMs).toISOString(),
    );
    return bucket.count <= this.settings.accountEmails;
  }

  deleteStale(): Promise<void> {
    return this.repository.deleteStale(addMs(this.clock(), -DAY_MS).toISOString());
  }
}

const failureKey = (action: string, account: string) => `fail:${action}:${account}`;
