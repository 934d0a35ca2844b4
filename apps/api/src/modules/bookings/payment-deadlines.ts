import { holdsSlot, isBookingStatus, PAYMENT_NOT_RECEIVED, paymentKindOf } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { PaymentFacts } from '../../mail/payment-templates';
import { type BookingRow, BookingsRepository } from '../../repositories/bookings.repository';
import { PaymentRefunds } from '../payments/payment-refunds';
import type { BookingEmails } from './booking-emails';
import { inTransaction, type Repositories } from './booking-transaction';
import type { AppliedTransition, BookingTransitions } from './booking-transitions';

/** How often each instance looks for passed deadlines: a booking is cancelled within 60 s of its own. */
export const PAYMENT_DEADLINE_POLL_MS = 15_000;
const BATCH = 50;

export interface PaymentDeadlinesDeps {
  db: Db;
  clock: Clock;
  emails: BookingEmails;
  /** What follows a committed change: the parties' streams, the metrics, the refund worker. */
  transitions: Pick<BookingTransitions, 'committed'>;
  logger: FastifyBaseLogger;
  pollMs?: number;
}

/**
 * The payment deadline (api-contract §9.2): an agreed booking still Due at its PaymentDueBy is
 * cancelled by the system within 60 s ('Payment not received'), its hour free again and both parties
 * emailed. A job on the same footing as the reminders: its state is the bookings themselves, so it
 * survives restarts; every instance polls, and each cancellation is one transaction under the
 * business's lock that re-reads the booking first, so one instance cancels it and a payment that
 * committed first (Paid) is never cancelled. A payment confirmed after it is refunded
 * (PaymentsService.checkoutCompleted).
 */
export class PaymentDeadlines {
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly deps: PaymentDeadlinesDeps) {
    this.pollMs = deps.pollMs ?? PAYMENT_DEADLINE_POLL_MS;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Cancels every booking past its deadline now (tests); how many this instance cancelled. */
  async drain(): Promise<number> {
    await this.running;
    let total = 0;
    for (let batch = await this.round(); batch > 0; batch = await this.round()) total += batch;
    return total;
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch((error) => this.deps.logger.error({ err: error }, 'payment deadline round failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One batch of passed deadlines: how many bookings this instance cancelled. */
  private async round(): Promise<number> {
    const now = this.deps.clock();
    const due = await new BookingsRepository(this.deps.db).listPastPaymentDeadline(now.toISOString(), BATCH);
    let cancelled = 0;
    for (const { id, business_id } of due) {
      const applied = await inTransaction(this.deps.db, async (repositories) => {
        // The lock first (every booking write takes it first), then what holds under it.
        await repositories.users.lockAccount(business_id);
        const current = await repositories.bookings.findById(id);
        return current && isPastDeadline(current, now) ? this.cancel(repositories, current, now) : null;
      });
      if (!applied) continue;
      cancelled += 1;
      this.deps.transitions.committed(applied);
      this.deps.logger.info({ bookingId: id }, 'booking cancelled: payment not received by its deadline');
    }
    return cancelled;
  }

  /** The system's cancellation, inside the transaction that holds the business's lock. */
  private async cancel(
    repositories: Repositories,
    current: BookingRow,
    now: Date,
  ): Promise<AppliedTransition | null> {
    const { bookings, threads, users, trx } = repositories;
    const nowIso = now.toISOString();
    const held = current.amount_paid_pence - current.amount_refunded_pence;
    const owed: PaymentFacts = {
      amountPence: current.amount_due_pence - current.amount_paid_pence,
      what: paymentKindOf({
        Price: current.price,
        FinalPrice: current.final_price,
        AmountDuePence: current.amount_due_pence,
      }),
    };
    const applied = await bookings.applyTransition(
      current.id,
      current.status,
      {
        status: 'Cancelled',
        cancelled_by: 'system',
        cancellation_reason: PAYMENT_NOT_RECEIVED,
        // Part of it paid (two checkouts, a change of terms): that part goes back.
        ...(held > 0
          ? { payment_status: 'Paid' as const, payment_due_by: null }
          : { payment_status: 'NotRequired' as const, amount_due_pence: 0, payment_due_by: null }),
      },
      nowIso,
    );
    if (!applied) return null;
    const refunds = held > 0 ? await PaymentRefunds.schedule(trx, current.id, now) : 0;
    const transitionId = await bookings.recordTransition({
      bookingId: current.id,
      from: current.status,
      to: 'Cancelled',
      actorId: null,
      price: null,
      now: nowIso,
    });
    const line = await threads.appendSystemLine(current, {
      id: transitionId,
      status: 'Cancelled',
      actor: 'system',
      price: null,
      now: nowIso,
    });
    await users.markSlotsChanged(current.business_id);
    const booking = await bookings.findById(current.id);
    if (!booking) throw new Error('booking vanished inside its transaction');
    await this.deps.emails.paymentNotReceived(repositories, booking, owed, now);
    return { booking, line, from: current.status, refunds };
  }
}

/** Still agreed, still Due, and its deadline has come. */
const isPastDeadline = (booking: BookingRow, now: Date): boolean =>
  isBookingStatus(booking.status) &&
  holdsSlot(booking.status) &&
  booking.payment_status === 'Due' &&
  booking.payment_due_by !== null &&
  Date.parse(booking.payment_due_by) <= now.getTime();
