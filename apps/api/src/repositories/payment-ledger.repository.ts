import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentsTable } from '../db/schema';

export type PaymentLedgerRow = Selectable<PaymentsTable>;

/** The ledger of money (api-contract §9.2): one row per charge or refund, unique per provider reference. */
export class PaymentLedgerRepository {
  constructor(private readonly db: Db) {}

  async insert(row: PaymentLedgerRow): Promise<void> {
    await this.db.insertInto('payments').values(row).execute();
  }

  byId(id: string): Promise<PaymentLedgerRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byProviderRef(providerRef: string): Promise<PaymentLedgerRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider_ref', '=', providerRef)
      .executeTakeFirst();
  }

  /**
   * Moves a pending row on; false when it was not pending (handled already, by another delivery of
   * the same event or another instance): of any number of tries, exactly one moves it.
   */
  async settle(
    id: string,
    status: PaymentLedgerRow['status'],
    now: string,
    from: readonly PaymentLedgerRow['status'][] = ['pending'],
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The booking's charges that went through and have not been refunded (or asked to be). */
  async unrefundedCharges(bookingId: string): Promise<PaymentLedgerRow[]> {
    // NOTE: few rows a booking (a charge or two, their refunds): read whole, filtered here.
    const rows = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .execute();
    // A refund the provider reversed (failed) no longer counts: its charge is owed back again.
    const refunded = new Set(
      rows.filter((row) => row.kind === 'refund' && row.status !== 'failed').map((row) => row.refund_of),
    );
    return rows.filter((row) => row.kind === 'charge' && row.status === 'succeeded' && !refunded.has(row.id));
  }

  /** Refunds waiting for the provider whose next try is due, oldest first. */
  dueRefunds(now: string, limit: number): Promise<PaymentLedgerRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('kind', '=', 'refund')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due refund for one try: moves its next try on to `until` only if nobody took it since
   * it was read (another instance, another round); false when someone did.
   */
  async claim(row: PaymentLedgerRow, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ next_attempt_at: until, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The provider took the refund. */
  async refunded(id: string, providerRef: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({
        status: 'succeeded',
        provider_ref: providerRef,
        last_error: null,
        next_attempt_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The provider refused or could not be reached: tried again at `retryAt`. */
  async refundFailed(id: string, error: string, retryAt: string, now: string): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ last_error: error, next_attempt_at: retryAt, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }
}
