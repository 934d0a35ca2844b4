import { randomUUID } from 'node:crypto';
import {
  bookingTimeOf,
  bookingWindow,
  isWithinBusinessHours,
  MAX_WAITLIST_ENTRIES,
  todayInLondon,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { timeOpenedEmail } from '../../mail/waitlist-templates';
import type { BookingRow } from '../../repositories/bookings.repository';
import { CatalogRepository, parseMemberAwayDates } from '../../repositories/catalog.repository';
import { UsersRepository } from '../../repositories/users.repository';
import { type WaitlistEntryWithBusiness, WaitlistRepository } from '../../repositories/waitlist.repository';
import type { Outbox } from '../outbox/outbox.service';
import { parseAvailability, toAwayRange } from '../users/users.mapper';
import { USER_MESSAGES } from '../users/users.messages';

export interface WaitlistDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** Public address, for the link in the email. */
  appUrl: string;
}

const toEntry = (row: WaitlistEntryWithBusiness): WaitlistEntry => ({
  id: row.id,
  businessId: row.business_id,
  businessName: row.business_name ?? '',
  date: row.date,
});

/**
 * The waiting list (api-contract §9.4, issue 33 item 2): a customer waits for a time at a business
 * on a day of the booking window (three days at most at once). When an agreed booking's time there
 * that day is freed and still lies in the business's hours, everyone waiting (but its own
 * customer) is emailed, in the transaction that freed it, once per opening: the outbox sends it
 * within its poll, honouring the booking-updates setting. An entry ends when its customer asks for
 * a time there that day, or its day passes.
 */
export class Waitlist {
  constructor(private readonly deps: WaitlistDeps) {
    deps.outbox.handle('waitlist', { setting: 'notify_booking_updates' });
  }

  /** GET /booking/waitlist: the customer's entries from today on. */
  async entries(customerId: string): Promise<WaitlistEntry[]> {
    const today = todayInLondon(this.deps.clock());
    return (await new WaitlistRepository(this.deps.db).listOpen(customerId, today)).map(toEntry);
  }

  /** POST /booking/waitlist: a listed business, a day of its window, three at most, once each. */
  async join(customerId: string, input: { businessId: string; date: string }): Promise<WaitlistEntry> {
    const window = bookingWindow(this.deps.clock());
    if (input.date < window.first || input.date > window.last) {
      throw new AppError('ValidationError', WAITLIST_MESSAGES.date, undefined, {
        date: WAITLIST_MESSAGES.date,
      });
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      // The customer's lock: two joins at once count each other (three at most).
      await users.lockAccount(customerId);
      const business = await users.findBookableBusiness(input.businessId);
      if (!business) throw new AppError('NotFound', USER_MESSAGES.businessNotFound);
      const waitlist = new WaitlistRepository(trx);
      const open = await waitlist.listOpen(customerId, window.first);
      if (open.some((entry) => entry.business_id === business.id && entry.date === input.date)) {
        throw new AppError('Conflict', WAITLIST_MESSAGES.already);
      }
      if (open.length >= MAX_WAITLIST_ENTRIES) throw new AppError('Conflict', WAITLIST_MESSAGES.tooMany);
      const row = {
        id: randomUUID(),
        customer_id: customerId,
        business_id: business.id,
        date: input.date,
        created_at: this.deps.clock().toISOString(),
      };
      if (!(await waitlist.insert(row))) throw new AppError('Conflict', WAITLIST_MESSAGES.already);
      return toEntry({ ...row, business_name: business.business_name });
    });
  }

  /** DELETE /booking/waitlist/{id}: the customer's own entry (404 for anyone else's). */
  async leave(customerId: string, id: string): Promise<void> {
    if (!(await new WaitlistRepository(this.deps.db).delete(customerId, id))) {
      throw new AppError('NotFound', WAITLIST_MESSAGES.notFound);
    }
  }

  /** The customer asked for a time there that day: their entry ends (in the request's transaction). */
  booked(trx: Db, booking: Pick<BookingRow, 'customer_id' | 'business_id' | 'starts_at'>): Promise<void> {
    return new WaitlistRepository(trx).deleteFor(
      booking.customer_id,
      booking.business_id,
      booking.starts_at.slice(0, 10),
    );
  }

  /**
   * An agreed booking's time was freed (a cancellation, a lapsed payment, a move away): if it lies
   * in the business's hours, not on an away day, and its day is still ahead or today, everyone
   * waiting for that day there (but the booking's own customer) gets one email, written in `trx`.
   */
  async freed(trx: Db, booking: BookingRow): Promise<void> {
    const date = booking.starts_at.slice(0, 10);
    if (date < todayInLondon(this.deps.clock())) return;
    const waiting = (await new WaitlistRepository(trx).listWaiting(booking.business_id, date)).filter(
      (entry) => entry.customer_id !== booking.customer_id,
    );
    if (waiting.length === 0) return;
    const users = new UsersRepository(trx);
    const business = await users.findBookableBusiness(booking.business_id);
    if (!business) return;
    // The freed time, its whole length, in the hours of whoever held it (their own, else the
    // shop's) and not on a day away (the shop's, or theirs): else nothing opened.
    const member = booking.member_id
      ? (await new CatalogRepository(trx).listMembers(business.id)).find(
          (row) => row.id === booking.member_id,
        )
      : undefined;
    const stillOpen = isWithinBusinessHours(bookingTimeOf(booking.starts_at, booking.duration_minutes), {
      availability: parseAvailability(member?.availability ?? business.availability),
      awayDates: [
        ...(await users.listAwayDates(business.id)).map(toAwayRange),
        ...parseMemberAwayDates(member?.away_dates ?? null),
      ],
    });
    if (!stillOpen) return;
    const link = `${this.deps.appUrl}/booking/${encodeURIComponent(business.id)}`;
    for (const entry of waiting) {
      await this.deps.outbox.enqueue(
        trx,
        timeOpenedEmail(entry.email, { businessName: business.business_name ?? '', date, link }),
        {
          kind: 'waitlist',
          recipientId: entry.customer_id,
          // Once per opening: this booking's time, for this entry.
          dedupeKey: `waitlist:${entry.id}:${booking.id}:${booking.starts_at}`,
        },
      );
    }
  }
}
