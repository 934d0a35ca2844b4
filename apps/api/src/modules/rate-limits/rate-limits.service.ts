import type { Clock } from '../../lib/clock';
import { addMs, DAY_MS, MINUTE_MS } from '../../lib/clock';
import { RateLimitError } from '../../lib/errors';
import type { RateLimitsRepository } from './rate-limits.repository';

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
 * Per-IP limits (every request counts) and per-account failure limits (only failures count, and
 * reaching the limit blocks the account for `blockMs`). Keys for unknown accounts are counted
 * exactly like real ones, so a 429 reveals nothing about which emails exist.
 */
export class RateLimitsService {
  constructor(
    private readonly repository: RateLimitsRepository,
    private readonly clock: Clock,
    private readonly settings: RateLimitSettings,
  ) {}

  async hitPerIp(action: string, ip: string): Promise<void> {
    const now = this.clock();
    const bucket = await this.repository.hit(
      `ip:${action}:${ip}`,
      now.toISOString(),
      addMs(now, -MINUTE_MS).toISOString(),
    );
    if (bucket.count > this.settings.perIpPerMinute) {
      throw new RateLimitError(
        secondsUntil(addMs(new Date(bucket.window_start), MINUTE_MS).toISOString(), now),
      );
    }
  }

  /** Throws 429 while the account is blocked for `action`. */
  async assertAccountNotBlocked(action: string, account: string): Promise<void> {
    const now = this.clock();
    const bucket = await this.repository.find(failureKey(action, account));
    if (bucket?.blocked_until && bucket.blocked_until > now.toISOString()) {
      throw new RateLimitError(secondsUntil(bucket.blocked_until, now));
    }
  }

  async recordFailure(action: string, account: string): Promise<void> {
    const now = this.clock();
    const key = failureKey(action, account);
    const bucket = await this.repository.hit(
      key,
      now.toISOString(),
      addMs(now, -this.settings.failureWindowMs).toISOString(),
    );
    if (bucket.count >= this.settings.accountFailures) {
      await this.repository.block(key, addMs(now, this.settings.blockMs).toISOString());
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
