import {
  addDays,
  BOOKING_EXPORT_COLUMNS,
  type BookingExportQuery,
  DEFAULT_SERVICE_NAME,
  formatPence,
  nationalPhone,
  parseBookingDateTime,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { BookingRow } from '../../repositories/bookings.repository';
import { ExportsRepository } from '../../repositories/exports.repository';
import { csvDocument } from './csv';

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

/** GET /booking/export.csv: a business's bookings between two dates, for a spreadsheet. */
export class ExportsService {
  private readonly repository: ExportsRepository;

  constructor(db: Db) {
    this.repository = new ExportsRepository(db);
  }

  /** The CSV (UTF-8 with BOM, header row, formula-safe cells) of the bookings from `from` to `to` inclusive. */
  async bookingsCsv(businessId: string, { from, to }: BookingExportQuery): Promise<string> {
    const bookings = await this.repository.listBookingsBetween(businessId, `${from} 00:00`, addDays(to, 1));
    return csvDocument([BOOKING_EXPORT_COLUMNS, ...bookings.map(exportRow)]);
  }
}
