import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { type Clock, HOUR_MS } from '../../lib/clock';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { PaymentLedgerRepository, type PaymentLedgerRow } from '../../repositories/payment-ledger.repository';
import { UsersRepository } from '../../repositories/users.repository';
import type { PaymentProvider } from './payment-provider';

export interface RefundTiming {
  /** How often an idle worker looks for due refunds. */
  pollMs: number;
  /** How long a try holds a refund before another instance may take it. */
  leaseMs: number;
  /** The first retry's delay; each next one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_REFUND_TIMING: RefundTiming = {
  pollMs: 5_000,
  leaseMs: 60_000,
  retryBaseMs: 15_000,
  retryMaxMs: HOUR_MS,
};

const BATCH = 20;

/**
 * Refunds (api-contract §9.2): written to the ledger with the change that causes them (a
 * cancellation within the rules, a payment that arrived after one), then given back through the
 * provider by this worker, one per process: a due refund is claimed (one instance wins the
 * conditional update), tried, and recorded; one the provider refuses or cannot be reached is tried
 * again with backoff, never dropped, and shows on the booking as still Paid until it goes.
 */
export class PaymentRefunds {
  private readonly timing: RefundTiming;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      provider: PaymentProvider | null;
      logger: FastifyBaseLogger;
      timing?: Partial<RefundTiming>;
    },
  ) {
    this.timing = { ...DEFAULT_REFUND_TIMING, ...deps.timing };
  }

  /**
   * In `trx` (the change's transaction): a refund of every charge of the booking that went through
   * and is not refunded yet (or of `onlyCharge`), due now.
   */
  static async schedule(trx: Db, bookingId: string, now: Date, onlyCharge?: string): Promise<number> {
    const ledger = new PaymentLedgerRepository(trx);
    const charges = (await ledger.unrefundedCharges(bookingId)).filter(
      (charge) => onlyCharge === undefined || charge.id === onlyCharge,
    );
    for (const charge of charges) {
      await ledger.insert({
        id: randomUUID(),
        booking_id: bookingId,
        kind: 'refund',
        amount_pence: charge.amount_pence,
        provider: charge.provider,
        provider_ref: null,
        refund_of: charge.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        last_error: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
    return charges.length;
  }

  start(): void {
    if (!this.deps.provider || this.timer || this.stopped) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Tries every due refund now (tests; after a cancellation). */
  async drain(): Promise<void> {
    await this.running;
    while ((await this.round()) > 0) {
      // next batch
    }
  }

  /** Looks for due refunds soon (a change has just written one). */
  wake(): void {
    if (!this.timer || this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch((error) => this.deps.logger.error({ err: error }, 'refund round failed'))
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          if (!this.stopped) this.schedule(soon ? 0 : this.timing.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One batch of due refunds; how many were tried. */
  private async round(): Promise<number> {
    const provider = this.deps.provider;
    if (!provider) return 0;
    const ledger = new PaymentLedgerRepository(this.deps.db);
    const due = await ledger.dueRefunds(this.deps.clock().toISOString(), BATCH);
    let tried = 0;
    for (const refund of due) {
      // The lease runs from this claim, not from the round's start.
      const until = new Date(this.deps.clock().getTime() + this.timing.leaseMs).toISOString();
      if (!(await ledger.claim(refund, until))) continue;
      tried += 1;
      await this.attempt(provider, refund);
    }
    return tried;
  }

  private async attempt(provider: PaymentProvider, refund: PaymentLedgerRow): Promise<void> {
    const ledger = new PaymentLedgerRepository(this.deps.db);
    const charge = refund.refund_of ? await ledger.byId(refund.refund_of) : undefined;
    let providerRef: string;
    try {
      if (!charge?.provider_ref) throw new Error('the charge it refunds has no provider reference');
      providerRef = await provider.refund(charge.provider_ref, refund.amount_pence, refund.id);
    } catch (error) {
      const now = this.deps.clock();
      const delay = Math.min(this.timing.retryMaxMs, this.timing.retryBaseMs * 2 ** refund.attempts);
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const booking = await new BookingsRepository(this.deps.db).findById(refund.booking_id);
      await this.deps.db.transaction().execute(async (trx) => {
        // The lock first (every booking write takes it first).
        if (booking) await new UsersRepository(trx).lockAccount(booking.business_id);
        await new PaymentLedgerRepository(trx).refundFailed(
          refund.id,
          reason,
          new Date(now.getTime() + delay).toISOString(),
          now.toISOString(),
        );
        // The business's card says the refund waits (api-contract §9.2: visible until it goes).
        await new BookingsRepository(trx).markRefundRetrying(refund.booking_id, now.toISOString());
      });
      this.deps.logger.warn(
        { paymentId: refund.id, bookingId: refund.booking_id, reason },
        'refund not taken: will retry',
      );
      return;
    }
    const found = await new BookingsRepository(this.deps.db).findById(refund.booking_id);
    await this.deps.db.transaction().execute(async (trx) => {
      // The lock first (every booking write takes it first), then what holds under it.
      if (found) await new UsersRepository(trx).lockAccount(found.business_id);
      const bookings = new BookingsRepository(trx);
      const now = this.deps.clock().toISOString();
      if (!(await new PaymentLedgerRepository(trx).refunded(refund.id, providerRef, now))) return;
      const booking = found && (await bookings.findById(found.id));
      if (!booking) return;
      const refunded = booking.amount_refunded_pence + refund.amount_pence;
      await bookings.updatePayment(
        booking.id,
        {
          payment_status: refunded >= booking.amount_paid_pence ? 'Refunded' : booking.payment_status,
          amount_paid_pence: booking.amount_paid_pence,
          amount_refunded_pence: refunded,
          refund_retrying: 0,
        },
        now,
      );
    });
  }
}
