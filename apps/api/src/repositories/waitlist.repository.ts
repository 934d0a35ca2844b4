import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { WaitlistEntriesTable } from '../db/schema';

export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
/** An entry with its business's name (null when the business account is gone). */
export type WaitlistEntryWithBusiness = WaitlistEntryRow & { business_name: string | null };

/** The waiting list (migration 0023; SQL only here). */
const deleteForStatement = prepared((db, customerId: string, businessId: string, date: string) =>
  db
    .deleteFrom('waitlist_entries')
    .where('customer_id', '=', customerId)
    .where('business_id', '=', businessId)
    .where('date', '=', date),
);

export class WaitlistRepository {
  constructor(private readonly db: Db) {}

  /** The customer's entries from `today` on, soonest day first, with their businesses' names. */
  listOpen(customerId: string, today: string): Promise<WaitlistEntryWithBusiness[]> {
    return this.db
      .selectFrom('waitlist_entries as w')
      .leftJoin('users as b', 'b.id', 'w.business_id')
      .selectAll('w')
      .select('b.business_name')
      .where('w.customer_id', '=', customerId)
      .where('w.date', '>=', today)
      .orderBy('w.date')
      .orderBy('w.created_at')
      .orderBy('w.id')
      .execute();
  }

  /** False when the customer already waits for that day there (the unique index decides). */
  async insert(row: WaitlistEntryRow): Promise<boolean> {
    const result = await this.db
      .insertInto('waitlist_entries')
      .values(row)
      .onConflict((oc) => oc.columns(['customer_id', 'business_id', 'date']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async delete(customerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('waitlist_entries')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The entry ends: its customer booked there that day. */
  async deleteFor(customerId: string, businessId: string, date: string): Promise<void> {
    await deleteForStatement(this.db, customerId, businessId, date);
  }

  /** Everyone waiting for a time at the business on the day, earliest first, with their address. */
  listWaiting(businessId: string, date: string): Promise<(WaitlistEntryRow & { email: string })[]> {
    return this.db
      .selectFrom('waitlist_entries as w')
      .innerJoin('users as c', 'c.id', 'w.customer_id')
      .selectAll('w')
      .select('c.email')
      .where('w.business_id', '=', businessId)
      .where('w.date', '=', date)
      .orderBy('w.created_at')
      .orderBy('w.id')
      .execute();
  }

  /** Entries whose day has passed go (the purge). */
  async deleteBefore(today: string): Promise<number> {
    const result = await this.db.deleteFrom('waitlist_entries').where('date', '<', today).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The account is deleted: its entries, and those waiting for it as a business, go. */
  async deleteForAccount(userId: string): Promise<void> {
    await this.db
      .deleteFrom('waitlist_entries')
      .where((eb) => eb.or([eb('customer_id', '=', userId), eb('business_id', '=', userId)]))
      .execute();
  }
}
