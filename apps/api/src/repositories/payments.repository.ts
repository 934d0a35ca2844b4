import type { PaymentMode } from '@app/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentAccountsTable } from '../db/schema';

export type PaymentAccountRow = Selectable<PaymentAccountsTable>;

/** A business's payment settings and its payout account (api-contract §9.2). */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  settingsOf(businessId: string) {
    return this.db
      .selectFrom('users')
      .select(['payment_mode', 'deposit_percent'])
      .where('id', '=', businessId)
      .executeTakeFirst();
  }

  async updateSettings(
    businessId: string,
    settings: { mode: PaymentMode; depositPercent: number },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ payment_mode: settings.mode, deposit_percent: settings.depositPercent, updated_at: now })
      .where('id', '=', businessId)
      .execute();
  }

  accountOf(businessId: string): Promise<PaymentAccountRow | undefined> {
    return this.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirst();
  }

  accountByRef(accountRef: string): Promise<PaymentAccountRow | undefined> {
    return this.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('account_ref', '=', accountRef)
      .executeTakeFirst();
  }

  /**
   * The business's account, made now unless it has one: of two connects at once, the primary key
   * lets one insert through and the other reads the winner's.
   */
  async ensureAccount(row: PaymentAccountRow): Promise<PaymentAccountRow> {
    await this.db
      .insertInto('payment_accounts')
      .values(row)
      .onConflict((conflict) => conflict.column('business_id').doNothing())
      .execute();
    const account = await this.accountOf(row.business_id);
    if (!account) throw new Error('payment account vanished after its insert');
    return account;
  }

  /** The provider's word on an account (onboarding finished, or taken back). */
  async setAccountStatus(accountRef: string, status: PaymentAccountRow['status'], now: string) {
    const result = await this.db
      .updateTable('payment_accounts')
      .set({ status, updated_at: now })
      .where('account_ref', '=', accountRef)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Whether the provider's event was handled already (a redelivery changes nothing). */
  async eventSeen(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('payment_events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Remembers a handled event; a second delivery handled at the same time records nothing more. */
  async recordEvent(event: { id: string; provider: string; type: string }, now: string): Promise<void> {
    await this.db
      .insertInto('payment_events')
      .values({ ...event, received_at: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}
