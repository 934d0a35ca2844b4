import { assertNever, type BookingStatus, holdsSlot } from './booking-status';
import { addDays } from './dates';
import { parseReminderOffsets, type ReminderOffset, reminderOffsetMinutes } from './reminders';
import { londonWallClockToUtc, parseBookingDateTime, utcToLondonWallClock } from './slots';

// Payments (api-contract §9.2): what a business asks for when a booking is agreed, how much, and by
// when. Money is whole pence (integers) everywhere: computed by the server, never taken from a client.
// No zod here: the booking page reads these rules on its first load.

/** What a business asks for: nothing online, a deposit (a share of the agreed price), or all of it. */
export const PAYMENT_MODES = ['none', 'deposit', 'full'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** A stored or sent mode that is one of PAYMENT_MODES. */
export const isPaymentMode = (value: string): value is PaymentMode =>
  (PAYMENT_MODES as readonly string[]).includes(value);

export const DEPOSIT_PERCENT_MIN = 10;
export const DEPOSIT_PERCENT_MAX = 90;
/** The deposit a business starts from when it first chooses one. */
export const DEPOSIT_PERCENT_DEFAULT = 20;

export const PAYMENT_MESSAGES = {
  depositPercent: `Deposit must be a whole percentage from ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX}`,
  mode: 'Choose pay at the appointment, a deposit or full payment',
  attendance: 'Attendance must be Attended or NoShow',
  attendanceTooSoon: 'Attendance can be marked once the appointment has started',
} as const;

/**
 * The deposit as typed in a form, by the rule PaymentSettingsSchema applies on the server: a whole
 * percentage from 10 to 90, or the message that says so.
 */
export function depositPercentError(text: string): string | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= DEPOSIT_PERCENT_MIN && value <= DEPOSIT_PERCENT_MAX
    ? null
    : PAYMENT_MESSAGES.depositPercent;
}

/** What a business asks for (GET/PUT /user/payment-settings; the schema is payment-schemas.ts). */
export interface PaymentSettings {
  mode: PaymentMode;
  /** A whole percentage from 10 to 90, used by `deposit` and kept for the others. */
  depositPercent: number;
}

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  mode: 'none',
  depositPercent: DEPOSIT_PERCENT_DEFAULT,
};

/**
 * Where a booking's money stands. `NotRequired`: nothing asked online. `Due`: asked, not yet paid.
 * `Paid`: the provider confirmed it. `Refunded`: paid, then given back by a cancellation within the
 * rules. `Kept`: paid, and kept because the customer did not come.
 */
export const PAYMENT_STATUSES = ['NotRequired', 'Due', 'Paid', 'Refunded', 'Kept'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why the system cancels an agreed booking whose payment did not arrive by its deadline (§9.2). */
export const PAYMENT_NOT_RECEIVED = 'Payment not received';

/** The business's word on an agreed appointment once it has started (api-contract §9.2). */
export const ATTENDANCES = ['Attended', 'NoShow'] as const;
export type Attendance = (typeof ATTENDANCES)[number];

/**
 * What a booking agreed at `agreedPrice` whole pounds asks for, in pence: all of it, or the
 * deposit's share (whole pounds times a whole percentage is a whole number of pence: £30 at 25% is
 * 750); nothing when the business takes payment at the appointment.
 */
export function amountDuePence(agreedPrice: number, settings: PaymentSettings): number {
  switch (settings.mode) {
    case 'none':
      return 0;
    case 'full':
      return agreedPrice * 100;
    case 'deposit':
      return Math.round(agreedPrice * settings.depositPercent);
    default:
      return assertNever(settings.mode);
  }
}

/** PAYMENT_WINDOW when unset: a day to pay. */
export const DEFAULT_PAYMENT_WINDOW = '24h';
/** However short the window, a customer has at least this long (unless the window is shorter). */
const MIN_PAYMENT_TIME_MS = 15 * 60_000;
/** A payment is due at the latest this long before the appointment starts. */
const DUE_BEFORE_START_MS = 60 * 60_000;

/**
 * Reads PAYMENT_WINDOW: one length in REMINDER_OFFSETS' syntax ('24h', '90m', '2d'). Throws an Error
 * naming what is wrong.
 */
export function parsePaymentWindow(text: string): ReminderOffset {
  const offsets = parseReminderOffsets(text);
  if (offsets.length !== 1) {
    throw new Error(`"${text}" is not one payment window: write one length such as 24h, 90m or 2d`);
  }
  return offsets[0]!;
}

/**
 * The moment `window` after `from`: `m`/`h` elapsed time, `d` the same time on the Northern Ireland
 * clock that many days later (as REMINDER_OFFSETS reads days).
 */
export function momentAfter(from: Date, window: ReminderOffset): Date {
  if (window.unit !== 'd') return new Date(from.getTime() + reminderOffsetMinutes(window) * 60_000);
  const [date, time] = utcToLondonWallClock(from).split(' ') as [string, string];
  const later = londonWallClockToUtc(`${addDays(date, window.amount)} ${time}`);
  // Seconds are not on the wall clock: keep them.
  return new Date(later.getTime() + (from.getTime() % 60_000));
}

/**
 * When a booking agreed at `agreedAt` must be paid by (api-contract §9.2): the earlier of `window`
 * after the agreement and one hour before the start; but never sooner after the agreement than the
 * window or 15 minutes, whichever is shorter; and never after the start. `bookingDateTime` is the
 * start on the Northern Ireland clock, 'YYYY-MM-DD HH:MM'.
 */
export function paymentDueBy(agreedAt: Date, bookingDateTime: string, window: ReminderOffset): Date {
  const parsed = parseBookingDateTime(bookingDateTime);
  if (!parsed) throw new RangeError(`Not a 'YYYY-MM-DD HH:MM' booking date-time: ${bookingDateTime}`);
  const start = londonWallClockToUtc(`${parsed.date} ${parsed.start}`).getTime();
  const windowEnd = momentAfter(agreedAt, window).getTime();
  const earliest = agreedAt.getTime() + Math.min(windowEnd - agreedAt.getTime(), MIN_PAYMENT_TIME_MS);
  const due = Math.max(Math.min(windowEnd, start - DUE_BEFORE_START_MS), earliest);
  return new Date(Math.min(due, start));
}

/** Pence as people read money: 750 → '£7.50', 3000 → '£30.00', 5 → '£0.05'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(pence));
  return `${sign}£${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** What a business asks customers to pay online, as its page shows it (null: at the appointment). */
export interface OnlinePayment {
  mode: 'deposit' | 'full';
  depositPercent: number;
}

/** The booking page's notice before a request is sent (api-contract §9.2). */
export const onlinePaymentNotice = (payment: OnlinePayment) =>
  payment.mode === 'deposit'
    ? `A ${payment.depositPercent}% deposit is taken when your booking is agreed`
    : 'Full payment is taken when your booking is agreed';

/** What a business asks for online, or null when it is paid at the appointment. */
export function onlinePaymentOf(settings: PaymentSettings, accountActive: boolean): OnlinePayment | null {
  if (!accountActive || settings.mode === 'none') return null;
  return { mode: settings.mode, depositPercent: settings.depositPercent };
}

/** What a booking's card and emails need to say about its money. */
export interface BookingMoney {
  Status: BookingStatus;
  Price: number | null;
  FinalPrice: number | null;
  PaymentStatus: PaymentStatus;
  AmountDuePence: number;
  PaymentDueBy: string | null;
  AmountPaidPence: number;
  AmountRefundedPence: number;
  /** A refund the provider refused or could not be reached for: it is tried again until it goes. */
  RefundRetrying?: boolean;
}

/** 'deposit' when what is asked is less than the agreed price. */
export function paymentKindOf(booking: Pick<BookingMoney, 'Price' | 'FinalPrice' | 'AmountDuePence'>) {
  const agreed = booking.FinalPrice ?? booking.Price ?? 0;
  return booking.AmountDuePence < agreed * 100 ? ('deposit' as const) : ('payment' as const);
}

/**
 * A booking's money in words for its reader (api-contract §9.2), or null when nothing was asked
 * online: 'Pay deposit £7.50 by Tue 1 Dec, 14:00' to the customer while it is due, 'Deposit paid:
 * £7.50', 'Refund of £7.50 on its way', 'Refunded: £7.50', 'Deposit kept: £7.50 (no-show)'.
 * `formatWallClock` writes a 'YYYY-MM-DD HH:MM' London time as the reader's screen or email does.
 */
export function bookingPaymentText(
  booking: BookingMoney,
  reader: 'customer' | 'business',
  formatWallClock: (wallClock: string) => string,
): string | null {
  const kind = paymentKindOf(booking);
  const Kind = kind === 'deposit' ? 'Deposit' : 'Payment';
  switch (booking.PaymentStatus) {
    case 'NotRequired':
      return null;
    case 'Due': {
      const owed = formatPence(booking.AmountDuePence - booking.AmountPaidPence);
      const by = booking.PaymentDueBy
        ? ` by ${formatWallClock(utcToLondonWallClock(new Date(booking.PaymentDueBy)))}`
        : '';
      return reader === 'customer'
        ? `Pay ${kind === 'deposit' ? 'deposit ' : ''}${owed}${by}`
        : `${Kind} of ${owed} due from the customer${by}`;
    }
    case 'Paid': {
      const unrefunded = booking.AmountPaidPence - booking.AmountRefundedPence;
      if (holdsSlot(booking.Status)) return `${Kind} paid: ${formatPence(booking.AmountPaidPence)}`;
      return booking.RefundRetrying && reader === 'business'
        ? `Refund of ${formatPence(unrefunded)} not taken by the payment provider yet: it is tried again automatically`
        : `Refund of ${formatPence(unrefunded)} on its way`;
    }
    case 'Refunded':
      return `Refunded: ${formatPence(booking.AmountRefundedPence)}`;
    case 'Kept':
      return `${Kind} kept: ${formatPence(booking.AmountPaidPence)} (no-show)`;
    default:
      return assertNever(booking.PaymentStatus);
  }
}

/**
 * Where the money stands once the business marks attendance (api-contract §9.2): a no-show keeps
 * what was paid (`Kept`); marking the visit attended after all gives `Kept` back its `Paid`.
 */
export function paymentStatusOnAttendance(
  booking: Pick<BookingMoney, 'PaymentStatus' | 'AmountPaidPence' | 'AmountRefundedPence'>,
  attendance: Attendance,
): PaymentStatus {
  const held = booking.AmountPaidPence - booking.AmountRefundedPence;
  if (attendance === 'NoShow') return held > 0 ? 'Kept' : booking.PaymentStatus;
  return booking.PaymentStatus === 'Kept' ? 'Paid' : booking.PaymentStatus;
}

/** The attendance line of a started appointment's card. */
export const attendanceText = (attendance: Attendance) =>
  attendance === 'Attended' ? 'Attended' : 'No-show';
