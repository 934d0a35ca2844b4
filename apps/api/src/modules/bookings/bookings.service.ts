import type { BookingStatus, ReminderOffset } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { LiveEvents } from '../events/live-events';
import type { Outbox } from '../outbox/outbox.service';
import type { PaymentRefunds } from '../payments/payment-refunds';
import type { PaymentTermsRules } from '../payments/payment-terms';
import type { ReviewInvites } from '../reviews/review-invites';
import type { Waitlist } from '../waitlist/waitlist.service';
import { BookingAttendance } from './booking-attendance';
import { BookingEmails } from './booking-emails';
import { BookingMoves } from './booking-moves';
import { BookingReads } from './booking-reads';
import { BookingRequests } from './booking-requests';
import { BookingTransitions } from './booking-transitions';
import { PaymentDeadlines } from './payment-deadlines';
import { ScheduleChanges } from './schedule-changes';
import { WalkIns } from './walk-ins';

export interface BookingsServiceDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  /** Public address, for the links in emails. */
  appUrl: string;
  /** Before each agreed appointment, a reminder at each (REMINDER_OFFSETS). */
  reminderOffsets: readonly ReminderOffset[];
  /** An agreed appointment's review invitation is written with the change that agreed it. */
  reviewInvites: ReviewInvites;
  /** Who waits for a day (api-contract §9.4). */
  waitlist?: Waitlist;
  /** Where each status change goes to the parties' open streams after it commits. */
  liveEvents: LiveEvents;
  /** Told of each status change after it commits (`from` null: a new request); the metrics count them. */
  onTransition?: (from: BookingStatus | null, to: BookingStatus) => void;
  /** Whether an agreement may ask for money online, and PAYMENT_WINDOW (api-contract §9.2). */
  payments: PaymentTermsRules;
  /** Woken when a cancellation wrote refunds. */
  refunds?: Pick<PaymentRefunds, 'wake'>;
  logger: FastifyBaseLogger;
  /** How often each instance looks for passed payment deadlines (tests shorten it). */
  paymentDeadlinePollMs?: number;
}

/**
 * The booking marketplace (api-contract §4), in the parts that change together: a customer's
 * requests and the times they may ask for, the transition engine every status change goes through
 * (cancellation and its notice included), the business's schedule changes over agreed bookings,
 * the reads, attendance, the payment deadline's job, and the emails all of them write.
 */
export class BookingsService {
  readonly requests: BookingRequests;
  readonly transitions: BookingTransitions;
  readonly schedule: ScheduleChanges;
  readonly reads: BookingReads;
  readonly attendance: BookingAttendance;
  /** Walk-in and phone bookings the business makes (issue 32 item 6). */
  readonly walkIns: WalkIns;
  /** The payment deadline's job: started and stopped with the app. */
  readonly deadlines: PaymentDeadlines;
  /** Moving an agreed booking by proposal and answer (api-contract §9.4). */
  readonly moves: BookingMoves;

  constructor(deps: BookingsServiceDeps) {
    const { db, clock } = deps;
    const emails = new BookingEmails(deps);
    this.transitions = new BookingTransitions({
      db,
      clock,
      emails,
      liveEvents: deps.liveEvents,
      onTransition: deps.onTransition,
      payments: deps.payments,
      refunds: deps.refunds,
    });
    this.requests = new BookingRequests({
      db,
      clock,
      emails,
      transitions: this.transitions,
      payments: deps.payments,
    });
    this.schedule = new ScheduleChanges({ db, clock, transitions: this.transitions });
    this.reads = new BookingReads(db);
    this.attendance = new BookingAttendance({ db, clock });
    this.walkIns = new WalkIns({ db, clock });
    this.moves = new BookingMoves({
      db,
      clock,
      emails,
      liveEvents: deps.liveEvents,
      payments: deps.payments,
    });
    this.deadlines = new PaymentDeadlines({
      db,
      clock,
      emails,
      transitions: this.transitions,
      logger: deps.logger,
      pollMs: deps.paymentDeadlinePollMs,
    });
  }
}
