import {
  assertNever,
  type BookingTransition,
  bookingBusinessAddress,
  bookingCardPath,
  bookingPaymentText,
  bookingServiceText,
  holdsSlot,
  isBookingStatus,
  PRODUCT_NAME,
  type ReminderOffset,
  releasesSlot,
  remindersToSchedule,
} from '@app/domain';
import { type BookingIcsMethod, bookingIcs, bookingIcsLocation } from '@app/domain/calendar';
import type { Db } from '../../db/database';
import type { MailAttachment, MailMessage } from '../../mail/mailer';
import {
  type PaymentFacts,
  paymentNotReceivedBusinessEmail,
  paymentNotReceivedCustomerEmail,
} from '../../mail/payment-templates';
import {
  appointmentCancelledByBusinessEmail,
  appointmentCancelledByCustomerEmail,
  type BookingEmailFacts,
  bookingApprovedEmail,
  bookingCancelledEmail,
  bookingDeniedEmail,
  bookingMovedEmail,
  bookingRequestedEmail,
  counterAcceptedEmail,
  counterDeclinedEmail,
  counterOfferEmail,
  formatBookingTime,
  moveDeclinedEmail,
  moveProposedEmail,
  reminderEmail,
} from '../../mail/templates';
import { type BookingRow, BookingsRepository, businessNameOf } from '../../repositories/bookings.repository';
import { type UserRow, UsersRepository } from '../../repositories/users.repository';
import type { Outbox } from '../outbox/outbox.service';
import type { ReviewInvites } from '../reviews/review-invites';
import type { Waitlist } from '../waitlist/waitlist.service';
import type { Repositories } from './booking-transaction';

export interface BookingEmailsDeps {
  db: Db;
  outbox: Outbox;
  /** Public address, for the links in emails. */
  appUrl: string;
  /** Before each agreed appointment, a reminder at each (REMINDER_OFFSETS). */
  reminderOffsets: readonly ReminderOffset[];
  reviewInvites: ReviewInvites;
  /** Who waits for a day (api-contract §9.4): told when an agreed time is freed; a request ends an entry. */
  waitlist?: Waitlist;
}

/** The price agreed (approved or confirmed), else the customer's offer. */
const agreedPriceOf = (booking: BookingRow) => booking.final_price ?? booking.price;

/**
 * The emails of a booking's life (api-contract §4, §8.3), written to the outbox in the transaction
 * of the change that causes them: the request to the business, each status change to the other
 * party (with the calendar entry of an agreed or cancelled appointment), the customer's reminders
 * and review invitation. The worker honours the recipient's settings when each goes.
 */
export class BookingEmails {
  private readonly users: UsersRepository;
  private readonly bookings: BookingsRepository;

  constructor(private readonly deps: BookingEmailsDeps) {
    this.users = new UsersRepository(deps.db);
    this.bookings = new BookingsRepository(deps.db);
    deps.outbox.handle('booking', { setting: 'notify_booking_updates' });
    // A reminder says the place and the business's notice as they are when it goes (issue 29).
    deps.outbox.handle('reminder', {
      setting: 'notify_reminders',
      skipReason: async (row) => {
        const status = row.booking_id ? await this.bookings.statusOf(row.booking_id) : undefined;
        return status && isBookingStatus(status) && holdsSlot(status)
          ? null
          : 'The booking is no longer Approved or Confirmed.';
      },
      write: (row, to) => this.writeReminder(row.booking_id, to),
    });
  }

  /** The business hears of a new request; the customer no longer waits for that day there. */
  async requested(trx: Db, booking: BookingRow, business: UserRow): Promise<void> {
    await this.deps.waitlist?.booked(trx, booking);
    return this.deps.outbox.enqueue(
      trx,
      bookingRequestedEmail(business.email, this.facts(booking, 'business', business)),
      { kind: 'booking', recipientId: business.id, bookingId: booking.id },
    );
  }

  /**
   * The other party's email about a status change, and what an agreement or a cancellation
   * schedules or stops (the reminders, the review invitation).
   */
  async statusChanged(
    { trx, users }: Repositories,
    transition: BookingTransition,
    booking: BookingRow,
    now: Date,
    /** The business's row as the caller read it under the lock (read here when not given). */
    locked?: UserRow,
  ): Promise<void> {
    const business = locked ?? (await users.findById(booking.business_id));
    // The notice in force now: the approval and the reminders tell the customer (api-contract §8.4).
    const noticeHours = business?.cancellation_notice_hours ?? 0;
    if (holdsSlot(transition.to)) {
      await this.scheduleReminders(trx, booking, business, noticeHours, now);
      await this.deps.reviewInvites.schedule(trx, booking);
    }
    if (releasesSlot(transition)) {
      await this.deps.outbox.skipPending(
        trx,
        { bookingId: booking.id, kind: 'reminder', reason: 'The booking was cancelled.' },
        now,
      );
      // Its time is free again: whoever waits for that day there hears of it.
      await this.deps.waitlist?.freed(trx, booking);
    }

    const recipientId = transition.actor === 'business' ? booking.customer_id : booking.business_id;
    const recipient = recipientId === business?.id ? business : await users.findById(recipientId);
    if (!recipient) return;
    const facts = this.facts(booking, transition.actor === 'business' ? 'customer' : 'business', business);
    const message = ((email: string): MailMessage => {
      switch (transition.action) {
        case 'approve':
          return bookingApprovedEmail(email, facts, noticeHours);
        case 'deny':
          return bookingDeniedEmail(email, facts);
        case 'counter':
          return counterOfferEmail(email, facts, booking.counter_price ?? booking.price);
        case 'cancel':
          return releasesSlot(transition)
            ? appointmentCancelledByCustomerEmail(email, facts)
            : bookingCancelledEmail(email, facts);
        case 'withdraw':
          return appointmentCancelledByBusinessEmail(email, facts, booking.cancellation_reason ?? '');
        case 'accept':
          return counterAcceptedEmail(email, facts, booking.final_price ?? booking.price);
        case 'decline':
          return counterDeclinedEmail(email, facts, booking.counter_price ?? booking.price);
        default:
          return assertNever(transition.action);
      }
    })(recipient.email);
    // The agreed appointment, or its cancellation, as a calendar entry (api-contract §8.3).
    const method: BookingIcsMethod | null = holdsSlot(transition.to)
      ? 'PUBLISH'
      : releasesSlot(transition)
        ? 'CANCEL'
        : null;
    const attachments = method ? [this.calendarFile(booking, business, method, now)] : undefined;
    await this.deps.outbox.enqueue(trx, attachments ? { ...message, attachments } : message, {
      kind: 'booking',
      recipientId,
      bookingId: booking.id,
    });
  }

  /**
   * The booking moved (api-contract §9.4): its reminders follow the new time, both parties get an
   * email whose calendar entry keeps the UID with the next SEQUENCE, and whoever waits for the old
   * day there hears that its time is free.
   */
  async moved(
    { trx, users }: Repositories,
    before: BookingRow,
    after: BookingRow,
    _answeredBy: 'customer' | 'business',
    now: Date,
  ): Promise<void> {
    await this.deps.outbox.skipPending(
      trx,
      { bookingId: after.id, kind: 'reminder', reason: 'The booking moved.' },
      now,
    );
    const business = await users.findById(after.business_id);
    await this.scheduleReminders(trx, after, business, business?.cancellation_notice_hours ?? 0, now);
    await this.deps.waitlist?.freed(trx, before);
    const calendar = this.calendarFile(after, business, 'PUBLISH', now);
    const recipients = [
      { party: 'customer' as const, id: after.customer_id, email: after.customer_email },
      ...(business ? [{ party: 'business' as const, id: business.id, email: business.email }] : []),
    ];
    for (const recipient of recipients) {
      const message = bookingMovedEmail(
        recipient.email,
        this.facts(after, recipient.party, business),
        before.starts_at,
      );
      await this.deps.outbox.enqueue(
        trx,
        { ...message, attachments: [calendar] },
        { kind: 'booking', recipientId: recipient.id, bookingId: after.id },
      );
    }
  }

  /**
   * A step of a proposed move that the other party must hear of (api-contract §9.4): a proposal, to
   * the party who answers it; a decline, to its proposer. Never to a walk-in, who has no account.
   */
  async moveProposal(
    { users, trx }: Repositories,
    booking: BookingRow,
    step: 'proposed' | 'declined',
    proposedTo: string,
    recipient: 'customer' | 'business',
  ): Promise<void> {
    const business = await users.findById(booking.business_id);
    const email = recipient === 'customer' ? booking.customer_email : business?.email;
    if (!email) return;
    const facts = this.facts(booking, recipient, business);
    const otherName = recipient === 'customer' ? businessNameOf(booking) : booking.customer_name;
    const message =
      step === 'proposed'
        ? moveProposedEmail(email, facts, otherName, proposedTo)
        : moveDeclinedEmail(email, facts, otherName, proposedTo);
    await this.deps.outbox.enqueue(trx, message, {
      kind: 'booking',
      recipientId: recipient === 'customer' ? booking.customer_id : booking.business_id,
      bookingId: booking.id,
    });
  }

  /**
   * The system cancelled an agreed booking whose payment did not arrive by its deadline (api-contract
   * §9.2): its reminders stop, and both parties hear of it with the calendar CANCEL.
   */
  async paymentNotReceived(
    { trx, users }: Repositories,
    booking: BookingRow,
    payment: PaymentFacts,
    now: Date,
  ): Promise<void> {
    await this.deps.outbox.skipPending(
      trx,
      { bookingId: booking.id, kind: 'reminder', reason: 'The booking was cancelled.' },
      now,
    );
    // The lapsed booking's time is free again (api-contract §9.4).
    await this.deps.waitlist?.freed(trx, booking);
    const business = await users.findById(booking.business_id);
    const attachments = [this.calendarFile(booking, business, 'CANCEL', now)];
    const recipients = [
      {
        message: paymentNotReceivedCustomerEmail(
          booking.customer_email,
          this.facts(booking, 'customer', business),
          payment,
        ),
        recipientId: booking.customer_id,
      },
      ...(business
        ? [
            {
              message: paymentNotReceivedBusinessEmail(
                business.email,
                this.facts(booking, 'business', business),
                payment,
              ),
              recipientId: business.id,
            },
          ]
        : []),
    ];
    for (const { message, recipientId } of recipients) {
      await this.deps.outbox.enqueue(
        trx,
        { ...message, attachments },
        {
          kind: 'booking',
          recipientId,
          bookingId: booking.id,
        },
      );
    }
  }

  /**
   * The customer's reminders of an agreed appointment (api-contract §8.3), written with the change
   * that agreed it: one per offset whose moment is still ahead, unique per booking and offset.
   */
  private async scheduleReminders(
    trx: Db,
    booking: BookingRow,
    business: UserRow | undefined,
    noticeHours: number,
    now: Date,
  ): Promise<void> {
    const facts = { ...this.facts(booking, 'customer', business), agreedPrice: agreedPriceOf(booking) };
    const where = this.placeOf(booking, business);
    for (const reminder of remindersToSchedule(booking.starts_at, this.deps.reminderOffsets, now)) {
      await this.deps.outbox.enqueue(trx, reminderEmail(booking.customer_email, facts, where, noticeHours), {
        kind: 'reminder',
        recipientId: booking.customer_id,
        bookingId: booking.id,
        // A moved booking's reminders are new ones (its first time's keys are taken).
        dedupeKey:
          booking.move_count === 0
            ? `reminder:${booking.id}:${reminder.key}`
            : `reminder:${booking.id}:m${booking.move_count}:${reminder.key}`,
        notBefore: reminder.sendAt,
      });
    }
  }

  /**
   * A reminder as it goes: the business's notice and the place read now, so a shop that changed
   * its notice after the appointment was agreed is not misquoted (the outbox has already checked
   * the booking is still agreed and the customer still wants reminders).
   */
  private async writeReminder(bookingId: string | null, to: string): Promise<MailMessage | { skip: string }> {
    const booking = bookingId ? await this.bookings.findById(bookingId) : undefined;
    if (!booking) return { skip: 'The booking no longer exists.' };
    const business = await this.users.findById(booking.business_id);
    const facts = { ...this.facts(booking, 'customer', business), agreedPrice: agreedPriceOf(booking) };
    return reminderEmail(
      to,
      facts,
      this.placeOf(booking, business),
      business?.cancellation_notice_hours ?? 0,
    );
  }

  /** For shop visits the business's name and address; for home visits the customer's address. */
  private placeOf(booking: BookingRow, business: UserRow | undefined): string {
    return bookingIcsLocation({
      isHomeVisit: booking.is_home_visit === 1,
      customerAddress: booking.customer_address,
      businessName: businessNameOf(booking),
      businessAddress: business?.business_address,
    });
  }

  /** `booking.ics`: PUBLISH (sequence 0) when agreed, CANCEL (sequence 1) when cancelled. */
  private calendarFile(
    booking: BookingRow,
    business: UserRow | undefined,
    method: BookingIcsMethod,
    now: Date,
  ): MailAttachment {
    const businessName = businessNameOf(booking);
    const price = agreedPriceOf(booking);
    const content = bookingIcs({
      bookingId: booking.id,
      host: new URL(this.deps.appUrl).host,
      bookingDateTime: booking.starts_at,
      durationMinutes: booking.duration_minutes,
      summary: `Appointment at ${businessName}`,
      description: [`Price: £${price}`, `Status: ${booking.status}`, `Booked with ${PRODUCT_NAME}`].join(
        '\n',
      ),
      location: this.placeOf(booking, business),
      url: `${this.deps.appUrl}${bookingCardPath('customer', booking.id)}`,
      ...(business ? { organizer: { name: businessName, email: business.email } } : {}),
      method,
      // Each move publishes the next version; a cancellation is one past the last.
      sequence: method === 'PUBLISH' ? booking.move_count : booking.move_count + 1,
      dtstamp: now,
    });
    return {
      filename: 'booking.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    };
  }

  private facts(
    booking: BookingRow,
    reader: 'business' | 'customer',
    business: UserRow | undefined,
  ): BookingEmailFacts {
    const isHomeVisit = booking.is_home_visit === 1;
    // A home visit is at the customer's address; a shop visit's address is news only to the customer.
    const shop = business && {
      address: business.business_address,
      showFullAddress: business.show_full_address === 1,
    };
    return {
      customerName: booking.customer_name,
      businessName: businessNameOf(booking),
      bookingDateTime: booking.starts_at,
      price: booking.price,
      isHomeVisit,
      address: isHomeVisit
        ? (booking.customer_address ?? '')
        : reader === 'customer'
          ? bookingBusinessAddress(shop, booking.status, 'customer')
          : '',
      link: `${this.deps.appUrl}${bookingCardPath(reader, booking.id)}`,
      service: bookingServiceText({
        ServiceName: booking.service_name,
        DurationMinutes: booking.duration_minutes,
        MemberName: booking.member_name,
      }),
      payment: bookingPaymentText(
        {
          Status: booking.status,
          Price: booking.price,
          FinalPrice: booking.final_price,
          PaymentStatus: booking.payment_status,
          AmountDuePence: booking.amount_due_pence,
          PaymentDueBy: booking.payment_due_by,
          AmountPaidPence: booking.amount_paid_pence,
          AmountRefundedPence: booking.amount_refunded_pence,
        },
        reader,
        formatBookingTime,
      ),
    };
  }
}
