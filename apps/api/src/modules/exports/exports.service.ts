import {
  type AccountExport,
  addDays,
  BOOKING_EXPORT_COLUMNS,
  type BookingExportQuery,
  DEFAULT_SERVICE_NAME,
  type ExportedReview,
  formatPence,
  nationalPhone,
  parseBookingDateTime,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type BookingRow, BookingsRepository } from '../../repositories/bookings.repository';
import { ExportsRepository } from '../../repositories/exports.repository';
import type { ReviewRow } from '../../repositories/reviews.repository';
import { UsersRepository } from '../../repositories/users.repository';
import { WaitlistRepository } from '../../repositories/waitlist.repository';
import { toBookingWithAddress } from '../bookings/bookings.mapper';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { toReview } from '../reviews/reviews.mapper';
import { toNotificationSettings, toUserProfile } from '../users/users.mapper';
import { csvDocument } from './csv';

/** One export of a person's own data a minute (api-contract §9.4). */
const EXPORTS_PER_MINUTE = 1;

/** One booking as a CSV row, in BOOKING_EXPORT_COLUMNS order (api-contract §8.9). */
function exportRow(booking: BookingRow): string[] {
  const parsed = parseBookingDateTime(booking.starts_at);
  const isHomeVisit = booking.is_home_visit === 1;
  return [
    parsed?.date ?? booking.starts_at.slice(0, 10),
    parsed?.start ?? booking.starts_at.slice(11, 16),
    // What it is, how long it takes and with whom (api-contract §9.3); empty before a member is set.
    booking.service_name ?? DEFAULT_SERVICE_NAME,
    String(booking.duration_minutes),
    booking.member_name ?? '',
    booking.status,
    booking.customer_name,
    // National form ('07123 456789'): a spreadsheet keeps it as text, with no formula guard to see.
    nationalPhone(booking.customer_phone),
    // The agreed price once there is one, else the offer on the table.
    `£${booking.final_price ?? booking.counter_price ?? booking.price}`,
    isHomeVisit ? 'Yes' : 'No',
    isHomeVisit ? (booking.customer_address ?? '') : '',
    // Its money (api-contract §9.2): empty for a booking paid at the appointment.
    booking.payment_status,
    ...(booking.payment_status === 'NotRequired'
      ? ['', '', '']
      : [booking.amount_due_pence, booking.amount_paid_pence, booking.amount_refunded_pence].map(
          formatPence,
        )),
    booking.attendance ?? '',
  ];
}

const toExportedReview = (row: ReviewRow): ExportedReview => ({
  ...toReview(row),
  bookingId: row.booking_id,
  businessId: row.business_id,
  hidden: row.hidden === 1,
});

/**
 * GET /booking/export.csv: a business's bookings between two dates, for a spreadsheet; GET
 * /user/export: a person's own data.
 */
export class ExportsService {
  private readonly repository: ExportsRepository;
  private readonly users: UsersRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; rateLimits: RateLimitsService }) {
    this.repository = new ExportsRepository(deps.db);
    this.users = new UsersRepository(deps.db);
  }

  /**
   * The account's own data (api-contract §9.4, UK GDPR access and portability): its profile and
   * notification settings, every booking it asked for or (a business) was asked, their threads as
   * its side sees them, and the reviews it wrote or received. Nothing of another account beyond
   * what the app shows it: a booking's other party as on its card. One a minute (429 after).
   */
  async accountExport(userId: string): Promise<AccountExport> {
    await this.deps.rateLimits.hitPerAccount('export', userId, EXPORTS_PER_MINUTE);
    const user = await this.users.findById(userId);
    const settings = await this.users.findNotificationSettings(userId);
    if (!user || !settings) throw new AppError('NotFound', 'Account not found.');
    const isBusiness = user.user_type !== 'User';
    const awayDates = isBusiness ? await this.users.listAwayDates(userId) : [];
    // Newest first, as the profile lists them, each with its business's address as its card shows it.
    const asCustomer = await new BookingsRepository(this.deps.db).listForCustomer(userId);
    const asBusiness = isBusiness ? await this.repository.listBookingsOf(userId) : [];
    const bookingIds = [...asCustomer, ...asBusiness].map((booking) => booking.id);
    // Each thread in its booking's place in the lists, its lines in order.
    const place = new Map(bookingIds.map((id, index) => [id, index]));
    const lines = (await this.repository.listThreadLines(bookingIds)).sort(
      (a, b) => (place.get(a.booking_id) ?? 0) - (place.get(b.booking_id) ?? 0) || a.seq - b.seq,
    );
    return {
      exportedAt: this.deps.clock().toISOString(),
      account: toUserProfile(user, awayDates),
      notificationSettings: toNotificationSettings(settings),
      bookingsAsCustomer: asCustomer.map((row) => toBookingWithAddress(row, row, 'customer')),
      bookingsAsBusiness: asBusiness.map((row) => toBookingWithAddress(row, user, 'business')),
      messages: lines.map((line) => ({
        bookingId: line.booking_id,
        seq: line.seq,
        from: line.sender,
        body: line.body,
        status: line.status,
        price: line.price,
        sentAt: line.created_at,
      })),
      reviewsWritten: (await this.repository.listReviewsOf('customer_id', userId)).map(toExportedReview),
      waitlist: (await new WaitlistRepository(this.deps.db).listOpen(userId, '')).map((entry) => ({
        id: entry.id,
        businessId: entry.business_id,
        businessName: entry.business_name ?? '',
        date: entry.date,
      })),
      reviewsReceived: isBusiness
        ? (await this.repository.listReviewsOf('business_id', userId)).map(toExportedReview)
        : [],
    };
  }

  /** The CSV (UTF-8 with BOM, header row, formula-safe cells) of the bookings from `from` to `to` inclusive. */
  async bookingsCsv(businessId: string, { from, to }: BookingExportQuery): Promise<string> {
    const bookings = await this.repository.listBookingsBetween(businessId, `${from} 00:00`, addDays(to, 1));
    return csvDocument([BOOKING_EXPORT_COLUMNS, ...bookings.map(exportRow)]);
  }
}
