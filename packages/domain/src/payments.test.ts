import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentSettingsSchema } from './payment-schemas';
import {
  amountDuePence,
  bookingPaymentText,
  DEFAULT_PAYMENT_SETTINGS,
  depositPercentError,
  formatPence,
  momentAfter,
  PAYMENT_MESSAGES,
  parsePaymentWindow,
  paymentDueBy,
  paymentStatusOnAttendance,
} from './payments';
import { londonWallClockToUtc } from './slots';

const at = (wallClock: string) => londonWallClockToUtc(wallClock);
const iso = (date: Date) => date.toISOString();

describe('PaymentSettingsSchema', () => {
  it('takes each mode with a whole deposit percentage from 10 to 90', () => {
    expect(PaymentSettingsSchema.parse({ mode: 'deposit', depositPercent: 25 })).toEqual({
      mode: 'deposit',
      depositPercent: 25,
    });
    expect(PaymentSettingsSchema.safeParse({ mode: 'full', depositPercent: 10 }).success).toBe(true);
    expect(PaymentSettingsSchema.safeParse({ mode: 'none', depositPercent: 90 }).success).toBe(true);
    expect(DEFAULT_PAYMENT_SETTINGS).toEqual({ mode: 'none', depositPercent: 20 });
  });

  it.each([9, 91, 25.5, '25', null])(
    'refuses %s as a deposit percentage, naming the rule',
    (depositPercent) => {
      const result = PaymentSettingsSchema.safeParse({ mode: 'deposit', depositPercent });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PAYMENT_MESSAGES.depositPercent);
    },
  );

  it('refuses an unknown mode', () => {
    const result = PaymentSettingsSchema.safeParse({ mode: 'half', depositPercent: 20 });
    expect(result.error?.issues[0]?.message).toBe(PAYMENT_MESSAGES.mode);
  });
});

describe('amountDuePence', () => {
  it('asks nothing, all of the agreed price, or the deposit share, in pence', () => {
    expect(amountDuePence(30, { mode: 'none', depositPercent: 25 })).toBe(0);
    expect(amountDuePence(30, { mode: 'full', depositPercent: 25 })).toBe(3000);
    expect(amountDuePence(30, { mode: 'deposit', depositPercent: 25 })).toBe(750);
    expect(amountDuePence(27, { mode: 'deposit', depositPercent: 33 })).toBe(891);
  });

  it('is a whole number of pence, never more than the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 10, max: 90 }), (price, percent) => {
        const deposit = amountDuePence(price, { mode: 'deposit', depositPercent: percent });
        expect(Number.isInteger(deposit)).toBe(true);
        expect(deposit).toBeGreaterThan(0);
        expect(deposit).toBeLessThan(amountDuePence(price, { mode: 'full', depositPercent: percent }));
      }),
    );
  });
});

describe('formatPence', () => {
  it('writes pounds and pence', () => {
    expect(formatPence(750)).toBe('£7.50');
    expect(formatPence(3000)).toBe('£30.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123_456)).toBe('£1234.56');
  });
});

describe('parsePaymentWindow', () => {
  it('reads one length in the reminders syntax', () => {
    expect(parsePaymentWindow('24h')).toEqual({ label: '24h', amount: 24, unit: 'h' });
    expect(parsePaymentWindow(' 90m ')).toEqual({ label: '90m', amount: 90, unit: 'm' });
    expect(parsePaymentWindow('2d')).toEqual({ label: '2d', amount: 2, unit: 'd' });
  });

  it.each(['', '24h,2h', '0h', 'soon'])('refuses %j', (text) => {
    expect(() => parsePaymentWindow(text)).toThrow();
  });
});

describe('momentAfter', () => {
  it('adds elapsed time for hours and minutes, calendar days on the Northern Ireland clock for days', () => {
    const saturday = at('2026-10-24 10:00');
    expect(iso(momentAfter(saturday, parsePaymentWindow('24h')))).toBe('2026-10-25T09:00:00.000Z');
    // The clocks go back on Sunday 25 October 2026: a day later is still 10:00 on the clock.
    expect(iso(momentAfter(saturday, parsePaymentWindow('1d')))).toBe(iso(at('2026-10-25 10:00')));
  });
});

describe('paymentDueBy', () => {
  const day = parsePaymentWindow('24h');

  it('is the window after the agreement when the appointment is far off', () => {
    const agreed = at('2026-12-01 09:30');
    expect(iso(paymentDueBy(agreed, '2026-12-10 10:00', day))).toBe(iso(at('2026-12-02 09:30')));
  });

  it('is one hour before the start when that comes first', () => {
    const agreed = at('2026-12-01 09:00');
    expect(iso(paymentDueBy(agreed, '2026-12-01 18:00', day))).toBe(iso(at('2026-12-01 17:00')));
  });

  it('gives at least 15 minutes, even past the hour before the start', () => {
    const agreed = at('2026-12-01 16:30');
    expect(iso(paymentDueBy(agreed, '2026-12-01 17:00', day))).toBe(iso(at('2026-12-01 16:45')));
  });

  it('gives a window shorter than 15 minutes as it is', () => {
    const agreed = at('2026-12-01 16:30');
    expect(iso(paymentDueBy(agreed, '2026-12-01 17:00', parsePaymentWindow('10m')))).toBe(
      iso(at('2026-12-01 16:40')),
    );
  });

  it('is never after the start', () => {
    const agreed = at('2026-12-01 16:55');
    expect(iso(paymentDueBy(agreed, '2026-12-01 17:00', day))).toBe(iso(at('2026-12-01 17:00')));
  });

  it('keeps every rule for any agreement, start and window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 28 * 24 * 60 }),
        fc.integer({ min: 0, max: 28 * 24 * 4 }),
        fc.constantFrom('10m', '15m', '90m', '2h', '24h', '1d', '3d'),
        (agreedMinute, quarters, label) => {
          const window = parsePaymentWindow(label);
          const agreed = new Date(at('2026-11-01 00:00').getTime() + agreedMinute * 60_000);
          const startMs = agreed.getTime() + quarters * 15 * 60_000;
          const start = new Date(startMs);
          const wall = new Intl.DateTimeFormat('sv-SE', {
            timeZone: 'Europe/London',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          })
            .format(start)
            .replace(',', '');
          const startInstant = at(wall).getTime();
          const due = paymentDueBy(agreed, wall, window).getTime();
          const windowEnd = momentAfter(agreed, window).getTime();
          expect(due).toBeLessThanOrEqual(Math.max(startInstant, agreed.getTime()));
          if (startInstant >= agreed.getTime()) {
            expect(due).toBeGreaterThanOrEqual(
              Math.min(agreed.getTime() + Math.min(windowEnd - agreed.getTime(), 15 * 60_000), startInstant),
            );
            expect(due).toBeLessThanOrEqual(Math.max(windowEnd, agreed.getTime() + 15 * 60_000));
          }
        },
      ),
    );
  });
});

describe('bookingPaymentText', () => {
  const base = {
    Status: 'Approved' as const,
    Price: 30,
    FinalPrice: 30,
    PaymentStatus: 'Due' as const,
    AmountDuePence: 750,
    PaymentDueBy: '2026-12-08T14:00:00.000Z',
    AmountPaidPence: 0,
    AmountRefundedPence: 0,
  };
  const wall = (value: string) => `[${value}]`;

  it('says what is due, to each reader, by when (on the Northern Ireland clock)', () => {
    expect(bookingPaymentText(base, 'customer', wall)).toBe('Pay deposit £7.50 by [2026-12-08 14:00]');
    expect(bookingPaymentText(base, 'business', wall)).toBe(
      'Deposit of £7.50 due from the customer by [2026-12-08 14:00]',
    );
    expect(bookingPaymentText({ ...base, AmountDuePence: 3000 }, 'customer', wall)).toBe(
      'Pay £30.00 by [2026-12-08 14:00]',
    );
  });

  it('says paid, refunded on its way, refunded, kept; nothing when nothing was asked', () => {
    const paid = { ...base, PaymentStatus: 'Paid' as const, AmountPaidPence: 750 };
    expect(bookingPaymentText(paid, 'customer', wall)).toBe('Deposit paid: £7.50');
    expect(bookingPaymentText({ ...paid, Status: 'Cancelled' }, 'customer', wall)).toBe(
      'Refund of £7.50 on its way',
    );
    // A refund the provider refused waits, and its business is told so; the customer hears it is coming.
    const waiting = { ...paid, Status: 'Cancelled' as const, RefundRetrying: true };
    expect(bookingPaymentText(waiting, 'business', wall)).toBe(
      'Refund of £7.50 not taken by the payment provider yet: it is tried again automatically',
    );
    expect(bookingPaymentText(waiting, 'customer', wall)).toBe('Refund of £7.50 on its way');
    expect(
      bookingPaymentText(
        { ...paid, Status: 'Cancelled', PaymentStatus: 'Refunded', AmountRefundedPence: 750 },
        'business',
        wall,
      ),
    ).toBe('Refunded: £7.50');
    expect(bookingPaymentText({ ...paid, PaymentStatus: 'Kept' }, 'business', wall)).toBe(
      'Deposit kept: £7.50 (no-show)',
    );
    expect(
      bookingPaymentText({ ...base, PaymentStatus: 'NotRequired', AmountDuePence: 0 }, 'customer', wall),
    ).toBeNull();
  });
});

describe('depositPercentError (the form’s check, the server schema’s rule)', () => {
  it.each(['10', '25', ' 90 '])('takes %j', (text) => expect(depositPercentError(text)).toBeNull());
  it.each(['9', '91', '12.5', '', 'ten'])('refuses %j with the schema’s message', (text) => {
    expect(depositPercentError(text)).toBe(PAYMENT_MESSAGES.depositPercent);
    expect(PaymentSettingsSchema.safeParse({ mode: 'deposit', depositPercent: Number(text) }).success).toBe(
      false,
    );
  });
});

describe('paymentStatusOnAttendance', () => {
  const paid = { PaymentStatus: 'Paid' as const, AmountPaidPence: 750, AmountRefundedPence: 0 };
  it('a no-show keeps what was paid; attended after all gives it back its Paid', () => {
    expect(paymentStatusOnAttendance(paid, 'NoShow')).toBe('Kept');
    expect(paymentStatusOnAttendance(paid, 'Attended')).toBe('Paid');
    expect(paymentStatusOnAttendance({ ...paid, PaymentStatus: 'Kept' }, 'Attended')).toBe('Paid');
  });
  it('nothing held, nothing kept', () => {
    const none = { PaymentStatus: 'NotRequired' as const, AmountPaidPence: 0, AmountRefundedPence: 0 };
    expect(paymentStatusOnAttendance(none, 'NoShow')).toBe('NotRequired');
    expect(paymentStatusOnAttendance(none, 'Attended')).toBe('NotRequired');
  });
});
