import {
  type BookingActor,
  bookingCardPath,
  MESSAGE_EMAIL_DELAY_SECONDS,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
} from '@app/domain';
import type { Db } from '../../db/database';
import { MINUTE_MS } from '../../lib/clock';
import type { MailMessage } from '../../mail/mailer';
import { unreadMessagesEmail, unreadMessagesSubject } from '../../mail/templates';
import { type BookingRow, BookingsRepository, businessNameOf } from '../../repositories/bookings.repository';
import { type MessageEmailSlot, MessageEmailsRepository } from '../../repositories/message-emails.repository';
import type { OutboxRow } from '../../repositories/outbox.repository';
import type { Outbox } from '../outbox/outbox.service';

/**
 * Emails about unread messages (api-contract §8.8): the other party hears of a thread's messages
 * they have not read MESSAGE_EMAIL_DELAY_SECONDS after the first of them, at most once every
 * MESSAGE_EMAIL_INTERVAL_MINUTES per thread, through the outbox.
 *
 * - Scheduled by the post, in its transaction: one pending 'messages' row per thread and
 *   recipient; a post while one waits adds nothing (the email is written when it goes, so it
 *   carries every message unread by then).
 * - Written by the outbox worker at send time (`writeMessageEmail`): the recipient's unread lines
 *   from the other party, read then; none (all read meanwhile) → the row is skipped. The account,
 *   its current address and its `messages` setting are the outbox's own send-time checks.
 */

const DELAY_MS = MESSAGE_EMAIL_DELAY_SECONDS * 1000;
const INTERVAL_MS = MESSAGE_EMAIL_INTERVAL_MINUTES * MINUTE_MS;

const otherParty = (party: BookingActor): BookingActor => (party === 'customer' ? 'business' : 'customer');

/** The booking columns an email names: its parties as captured at booking time, and its hour. */
type EmailedBooking = Pick<
  BookingRow,
  'id' | 'customer_id' | 'business_id' | 'customer_name' | 'business_name' | 'barber_name' | 'starts_at'
>;

/** How the booking names a party. */
const nameOf = (booking: EmailedBooking, party: BookingActor) =>
  party === 'customer' ? booking.customer_name : businessNameOf(booking);

/** Where a party opens the thread: the booking's card (its Messages button), on the profile or dashboard. */
const linkFor = (appUrl: string, party: BookingActor, bookingId: string) =>
  `${appUrl}${bookingCardPath(party, bookingId)}`;

/** The latest moment of an email that went or waits: its due time, or when it went if later. */
const lastMoment = (email: { not_before: string; sent_at: string | null }) =>
  Math.max(Date.parse(email.not_before), email.sent_at ? Date.parse(email.sent_at) : 0);

/**
 * A pending email not being sent right now (not leased, or its lease ran out: it will be taken and
 * written again) carries a message committed now.
 */
const isWaiting = (email: MessageEmailSlot, now: Date) =>
  email.status === 'pending' &&
  (email.lease_until === null || Date.parse(email.lease_until) <= now.getTime());

/**
 * In the transaction of a message `sender` posted on `booking`: the other party's email about it,
 * unless one is waiting already. It is due DELAY after now, but not before INTERVAL after the
 * thread's last email to them (sent, or being sent now). Its dedupe key names the thread, the
 * recipient and that moment, so two schedulings committing at once write one row (the posts
 * themselves are serialized by the thread row's lock as well).
 */
export async function scheduleMessageEmail(
  outbox: Outbox,
  trx: Db,
  booking: EmailedBooking,
  sender: BookingActor,
  now: Date,
): Promise<void> {
  const recipient = otherParty(sender);
  const recipientId = recipient === 'customer' ? booking.customer_id : booking.business_id;
  const emails = new MessageEmailsRepository(trx);
  // One read decides: a post committing meanwhile either wrote the row read here or, when not
  // yet committed, the same due moment and so the same dedupe key.
  const last = await emails.lastEmailTo(booking.id, recipientId);
  if (last && isWaiting(last, now)) return;
  const to = await emails.emailOf(recipientId);
  if (to === undefined) return; // the account is gone: nobody to tell
  const due = new Date(Math.max(now.getTime() + DELAY_MS, last ? lastMoment(last) + INTERVAL_MS : 0));
  const senderName = nameOf(booking, sender);
  await outbox.enqueue(
    trx,
    {
      to,
      subject: unreadMessagesSubject(senderName, booking.starts_at, 1),
      // Shown on the outbox page until it goes; the email is written then.
      text: `Written when it is sent (from ${due.toISOString()}): the messages from ${senderName} still unread then, and a link to the thread.`,
    },
    {
      kind: 'messages',
      recipientId,
      bookingId: booking.id,
      dedupeKey: `messages:${booking.id}:${recipientId}:${due.toISOString()}`,
      notBefore: due,
    },
  );
}

export interface WriteMessageEmailDeps {
  db: Db;
  appUrl: string;
  /** Read the thread FOR SHARE (see MessageEmailsRepository.threadOf). */
  postgres: boolean;
}

/**
 * The outbox worker's hook for a 'messages' row, at send time: the email of the messages the
 * recipient still has not read, or why none goes.
 */
export async function writeMessageEmail(
  deps: WriteMessageEmailDeps,
  row: OutboxRow,
  to: string,
): Promise<MailMessage | { skip: string }> {
  const nothing = { skip: 'Nothing unread: the messages were read before the email was due.' };
  if (!row.booking_id || !row.recipient_id) return nothing;
  const emails = new MessageEmailsRepository(deps.db);
  const thread = await emails.threadOf(row.booking_id, deps.postgres);
  const booking = await new BookingsRepository(deps.db).findById(row.booking_id);
  if (!thread || !booking) return { skip: 'The booking no longer exists.' };
  const reader: BookingActor | null =
    thread.customer_id === row.recipient_id
      ? 'customer'
      : thread.business_id === row.recipient_id
        ? 'business'
        : null;
  if (!reader) return { skip: 'The account is no longer a party to the booking.' };
  const readSeq = reader === 'customer' ? thread.customer_read_seq : thread.business_read_seq;
  const unread = await emails.linesAfter(booking.id, otherParty(reader), readSeq);
  if (unread.length === 0) return nothing;
  // Every message still unread (api-contract §8.9).
  return unreadMessagesEmail(to, {
    senderName: nameOf(booking, otherParty(reader)),
    bookingDateTime: booking.starts_at,
    messages: unread.map((line) => ({ body: line.body, sentAt: line.created_at })),
    link: linkFor(deps.appUrl, reader, booking.id),
  });
}
