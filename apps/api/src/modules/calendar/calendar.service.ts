import type { CalendarFeedResponse } from '@app/domain';
import { addDays, PRODUCT_NAME, systemLineText, todayInLondon } from '@app/domain';
import { type BookingIcsInput, bookingIcsLocation, calendarFeedIcs } from '@app/domain/calendar';
import type { Db } from '../../db/database';
import { type Clock, DAY_MS } from '../../lib/clock';
import { generateToken, sha256Hex } from '../../lib/secrets';
import type { BookingRow } from '../../repositories/bookings.repository';
import { CalendarRepository, type FeedOwner } from '../../repositories/calendar.repository';

/** How far back the feed reaches, and how long a cancellation stays in it (api-contract §8.5). */
export const FEED_WINDOW_DAYS = 30;

/** A feed token: 32 random bytes, base64url (generateToken). Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarServiceDeps {
  db: Db;
  clock: Clock;
  /** APP_URL: the feed URL's origin and the events' UID host, as in the booking emails. */
  appUrl: string;
}

/**
 * The business's secret calendar feed (api-contract §8.5, §8.9): POST makes a new URL (the old one
 * stops working at once), DELETE revokes it, and the URL itself answers an iCalendar file of the
 * business's agreed bookings from 30 days ago on, with the last 30 days' cancellations.
 */
export class CalendarService {
  private readonly repository: CalendarRepository;
  private readonly host: string;

  constructor(private readonly deps: CalendarServiceDeps) {
    this.repository = new CalendarRepository(deps.db);
    this.host = new URL(deps.appUrl).host;
  }

  /** A new secret URL; only its token's hash is kept. */
  async createFeed(userId: string): Promise<CalendarFeedResponse> {
    const token = generateToken(32);
    await this.repository.saveFeed(userId, sha256Hex(token), this.deps.clock().toISOString());
    return { url: `${this.deps.appUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics` };
  }

  async revokeFeed(userId: string): Promise<void> {
    await this.repository.deleteFeed(userId);
  }

  /** The feed of a token, or null for an unknown, revoked or malformed one (the caller answers 404). */
  async feed(token: string): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const owner = await this.repository.findOwner(sha256Hex(token));
    if (!owner) return null;
    const now = this.deps.clock();
    const startsFrom = `${addDays(todayInLondon(now), -FEED_WINDOW_DAYS)} 00:00`;
    const cancelledSince = new Date(now.getTime() - FEED_WINDOW_DAYS * DAY_MS).toISOString();
    const bookings = await this.repository.listFeedBookings(owner.id, startsFrom, cancelledSince);
    return calendarFeedIcs({
      name: owner.businessName ? `${owner.businessName} (${PRODUCT_NAME})` : PRODUCT_NAME,
      events: bookings.map((booking) => this.event(booking, owner, now)),
    });
  }

  /** One booking as the business sees it; UID and SEQUENCE as in the booking emails. */
  private event(booking: BookingRow, owner: FeedOwner, now: Date): BookingIcsInput {
    const cancelled = booking.status === 'Cancelled';
    const isHomeVisit = booking.is_home_visit === 1;
    const description = [
      `Customer: ${booking.customer_name}`,
      `Phone: ${booking.customer_phone}`,
      `Price: £${booking.final_price ?? booking.price}`,
      `Status: ${booking.status}`,
      ...(isHomeVisit ? [`Home visit: ${booking.customer_address ?? ''}`.trim()] : []),
      ...(cancelled
        ? [
            systemLineText({
              status: 'Cancelled',
              actor: booking.cancelled_by ?? 'customer',
              price: null,
              reason: booking.cancellation_reason,
            }),
          ]
        : []),
      `Booked with ${PRODUCT_NAME}`,
    ].join('\n');
    return {
      bookingId: booking.id,
      host: this.host,
      bookingDateTime: booking.starts_at,
      durationMinutes: booking.duration_minutes,
      summary: `${isHomeVisit ? 'Home visit' : 'Appointment'} with ${booking.customer_name}`,
      description,
      location: bookingIcsLocation({
        isHomeVisit,
        customerAddress: booking.customer_address,
        businessName: booking.business_name || owner.businessName,
        businessAddress: owner.businessAddress,
      }),
      url: `${this.deps.appUrl.replace(/\/+$/, '')}/admin`,
      method: cancelled ? 'CANCEL' : 'PUBLISH',
      sequence: cancelled ? 1 : 0,
      dtstamp: now,
    };
  }
}
