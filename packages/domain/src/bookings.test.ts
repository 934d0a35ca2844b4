import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  BOOKING_ACTIONS,
  BOOKING_ACTORS,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingStatus,
  CounterRequestSchema,
  CreateBookingRequestSchema,
  canTransition,
  counterResponseAction,
  customerMayRequestStatus,
  customerStatusError,
  findTransition,
  holdsSlot,
  invalidStatusMessage,
  isActiveStatus,
  isBookingStatus,
  isTerminal,
  isWithinBusinessHours,
  nextStatus,
  RespondToCounterRequestSchema,
  releasesSlot,
  SetStatusRequestSchema,
  SLOT_HOLDING_STATUSES,
  setStatusAction,
} from './bookings';
import { CancelBookingRequestSchema, cancellationReasonError } from './cancellation';
import { atMostCharacters, MESSAGES } from './messages';
import { errorsOf, parseOk } from './test-utils';

describe('booking statuses', () => {
  it('are the seven of the spec, in order', () => {
    expect(BOOKING_STATUSES).toEqual([
      'Requested',
      'Approved',
      'Denied',
      'Countered',
      'Confirmed',
      'Declined',
      'Cancelled',
    ]);
    expect(isBookingStatus('Approved')).toBe(true);
    expect(isBookingStatus('approved')).toBe(false);
    expect(isBookingStatus(3)).toBe(false);
  });

  it("refuse any other value with 'Invalid status: {status}. Allowed statuses are: …'", () => {
    expect(invalidStatusMessage('Pending')).toBe(
      'Invalid status: Pending. Allowed statuses are: Requested, Approved, Denied, Countered, Confirmed, Declined, Cancelled',
    );
  });
});

describe('transition table (api-contract §4)', () => {
  it('holds exactly the ten allowed changes', () => {
    expect(BOOKING_TRANSITIONS.map((t) => `${t.from} -${t.actor}:${t.action}-> ${t.to}`)).toEqual([
      'Requested -business:approve-> Approved',
      'Requested -business:deny-> Denied',
      'Requested -business:counter-> Countered',
      'Requested -customer:cancel-> Cancelled',
      'Countered -customer:accept-> Confirmed',
      'Countered -customer:decline-> Declined',
      'Approved -customer:cancel-> Cancelled',
      'Confirmed -customer:cancel-> Cancelled',
      'Approved -business:withdraw-> Cancelled',
      'Confirmed -business:withdraw-> Cancelled',
    ]);
  });

  it('allows nothing else, for any status, actor and action', () => {
    let allowed = 0;
    for (const from of BOOKING_STATUSES) {
      for (const actor of BOOKING_ACTORS) {
        for (const action of BOOKING_ACTIONS) {
          if (canTransition(from, actor, action)) allowed += 1;
          else expect(nextStatus(from, actor, action)).toBeNull();
        }
      }
    }
    expect(allowed).toBe(10);
  });

  it('reads the result of an allowed change', () => {
    expect(nextStatus('Requested', 'business', 'approve')).toBe('Approved');
    expect(nextStatus('Countered', 'customer', 'accept')).toBe('Confirmed');
    expect(canTransition('Requested', 'customer', 'approve')).toBe(false);
    expect(canTransition('Requested', 'business', 'cancel')).toBe(false);
    expect(canTransition('Approved', 'business', 'deny')).toBe(false);
  });

  it('lets either party cancel an agreed appointment: the customer by setstatus, the business by PATCH /booking/cancel', () => {
    for (const from of ['Approved', 'Confirmed'] as const) {
      expect(findTransition(from, 'customer', 'cancel')).toMatchObject({
        call: 'setstatus',
        to: 'Cancelled',
      });
      expect(findTransition(from, 'business', 'withdraw')).toMatchObject({ call: 'cancel', to: 'Cancelled' });
      // The business's setstatus Cancelled stays refused: its cancellation needs a reason.
      expect(canTransition(from, 'business', 'cancel')).toBe(false);
    }
    for (const from of ['Requested', 'Countered', 'Denied', 'Declined', 'Cancelled'] as const) {
      expect(canTransition(from, 'business', 'withdraw')).toBe(false);
    }
  });

  it('says which changes give up a held hour', () => {
    const released = BOOKING_TRANSITIONS.filter(releasesSlot).map((t) => `${t.from}:${t.actor}`);
    expect(released).toEqual([
      'Approved:customer',
      'Confirmed:customer',
      'Approved:business',
      'Confirmed:business',
    ]);
  });

  it('maps PATCH calls to actions', () => {
    expect(setStatusAction('Approved')).toBe('approve');
    expect(setStatusAction('Denied')).toBe('deny');
    expect(setStatusAction('Cancelled')).toBe('cancel');
    for (const status of ['Requested', 'Countered', 'Confirmed', 'Declined'] as const) {
      expect(setStatusAction(status)).toBeNull();
    }
    expect(counterResponseAction('Accepted')).toBe('accept');
    expect(counterResponseAction('Declined')).toBe('decline');
  });

  it('calls a status terminal exactly when no transition leaves it', () => {
    for (const status of BOOKING_STATUSES) {
      expect(isTerminal(status)).toBe(!BOOKING_TRANSITIONS.some((t) => t.from === status));
    }
  });
});

describe('status groups', () => {
  it('active statuses block account deletion', () => {
    expect(ACTIVE_STATUSES).toEqual(['Requested', 'Countered', 'Approved', 'Confirmed']);
    for (const status of BOOKING_STATUSES) {
      expect(isActiveStatus(status)).toBe((ACTIVE_STATUSES as readonly BookingStatus[]).includes(status));
    }
  });

  it('Approved and Confirmed hold the slot', () => {
    for (const status of BOOKING_STATUSES) {
      expect(holdsSlot(status)).toBe((SLOT_HOLDING_STATUSES as readonly BookingStatus[]).includes(status));
    }
  });

  it('a customer may only ask for Requested or Cancelled', () => {
    expect(customerMayRequestStatus('Requested')).toBe(true);
    expect(customerMayRequestStatus('Cancelled')).toBe(true);
    for (const status of ['Approved', 'Denied', 'Countered', 'Confirmed', 'Declined', 'Bogus']) {
      expect(customerMayRequestStatus(status)).toBe(false);
      expect(customerStatusError(status)).toBe(invalidStatusMessage(status));
    }
    expect(customerStatusError('Cancelled')).toBeNull();
  });
});

describe('PATCH /booking/setstatus body', () => {
  it('accepts a known status and ids as text or numbers', () => {
    expect(parseOk(SetStatusRequestSchema, { businessId: 'b1', bookingId: 7, status: 'Approved' })).toEqual({
      businessId: 'b1',
      bookingId: '7',
      status: 'Approved',
    });
  });

  it("rejects an unknown status with the spec's message", () => {
    expect(
      errorsOf(SetStatusRequestSchema, { businessId: 'b1', bookingId: 'k1', status: 'Pending' }).status,
    ).toBe(
      'Invalid status: Pending. Allowed statuses are: Requested, Approved, Denied, Countered, Confirmed, Declined, Cancelled',
    );
    expect(
      errorsOf(SetStatusRequestSchema, { businessId: 'b1', bookingId: 'k1', status: 'x'.repeat(33) }).status,
    ).toBe('Must be at most 32 characters');
  });

  it('requires and caps the ids', () => {
    expect(errorsOf(SetStatusRequestSchema, { status: 'Approved' })).toEqual({
      businessId: 'businessId is required',
      bookingId: 'bookingId is required',
    });
    expect(
      errorsOf(SetStatusRequestSchema, { businessId: 'b'.repeat(65), bookingId: '1', status: 'Approved' }),
    ).toHaveProperty('businessId');
  });
});

describe('PATCH /booking/counter body', () => {
  const counter = (newPrice: unknown) =>
    errorsOf(CounterRequestSchema, { businessId: 'b', bookingId: 'k', newPrice }).newPrice;

  it("takes whole pounds from 1 to 300 ('Maximum counter offer is £300')", () => {
    expect(counter(1)).toBeUndefined();
    expect(counter(300)).toBeUndefined();
    expect(counter('45')).toBeUndefined();
    expect(counter(301)).toBe('Maximum counter offer is £300');
    expect(counter(0)).toBe('Counter offer must be at least £1');
    expect(counter(45.5)).toBe('Enter a whole number of pounds');
    expect(counter(undefined)).toBe('Counter offer must be at least £1');
    expect(parseOk(CounterRequestSchema, { businessId: 'b', bookingId: 'k', newPrice: '60' }).newPrice).toBe(
      60,
    );
  });
});

describe('PATCH /booking/respond-to-counter body', () => {
  it('takes Accepted or Declined', () => {
    expect(
      errorsOf(RespondToCounterRequestSchema, { businessId: 'b', bookingId: 'k', response: 'Accepted' }),
    ).toEqual({});
    expect(
      errorsOf(RespondToCounterRequestSchema, { businessId: 'b', bookingId: 'k', response: 'Maybe' })
        .response,
    ).toBe('Response must be Accepted or Declined');
  });
});

describe('POST /booking/book body', () => {
  const base = { businessId: 'b1', bookingDateTime: '2026-03-02 10:00', price: '45', isHomeVisit: false };

  it('reads the price from numeric text or a number, whole pounds only', () => {
    expect(parseOk(CreateBookingRequestSchema, base)).toEqual({
      businessId: 'b1',
      bookingDateTime: '2026-03-02 10:00',
      price: 45,
      isHomeVisit: false,
      customerAddress: null,
    });
    expect(parseOk(CreateBookingRequestSchema, { ...base, price: 50 }).price).toBe(50);
    expect(errorsOf(CreateBookingRequestSchema, { ...base, price: '45.50' }).price).toBe(
      'Enter a whole number of pounds',
    );
    // '£45' as people write it (issue 29, item 8); text that is no amount says so.
    expect(parseOk(CreateBookingRequestSchema, { ...base, price: '£45' }).price).toBe(45);
    expect(errorsOf(CreateBookingRequestSchema, { ...base, price: 'forty' }).price).toBe(
      'Enter a whole number of pounds',
    );
    expect(errorsOf(CreateBookingRequestSchema, { ...base, price: 0 }).price).toBe(
      'Price must be at least £1',
    );
  });

  it("needs a 'YYYY-MM-DD HH:MM' time", () => {
    for (const bookingDateTime of [
      '2026-03-02',
      '2026-03-02T10:00',
      '2026-02-30 10:00',
      '2026-03-02 25:00',
    ]) {
      expect(errorsOf(CreateBookingRequestSchema, { ...base, bookingDateTime }).bookingDateTime).toBe(
        'Booking time must be a date and time (YYYY-MM-DD HH:MM)',
      );
    }
  });

  it("requires an address for a home visit ('Address is required for home visit bookings.')", () => {
    expect(errorsOf(CreateBookingRequestSchema, { ...base, isHomeVisit: true }).customerAddress).toBe(
      'Address is required for home visit bookings.',
    );
    expect(
      errorsOf(CreateBookingRequestSchema, { ...base, isHomeVisit: true, customerAddress: '   ' })
        .customerAddress,
    ).toBe('Address is required for home visit bookings.');
    expect(
      parseOk(CreateBookingRequestSchema, {
        ...base,
        isHomeVisit: true,
        customerAddress: '5 Main St, Belfast, BT1 1AA',
      }).customerAddress,
    ).toBe('5 Main St, Belfast, BT1 1AA');
  });

  it('drops an address sent with a shop visit, and caps it', () => {
    expect(
      parseOk(CreateBookingRequestSchema, { ...base, customerAddress: 'somewhere' }).customerAddress,
    ).toBeNull();
    expect(
      errorsOf(CreateBookingRequestSchema, { ...base, isHomeVisit: true, customerAddress: 'x'.repeat(500) })
        .customerAddress,
    ).toBe('Must be at most 406 characters');
  });

  it('treats a missing isHomeVisit as false and refuses a non-boolean', () => {
    const { isHomeVisit: _omitted, ...withoutFlag } = base;
    expect(parseOk(CreateBookingRequestSchema, withoutFlag).isHomeVisit).toBe(false);
    expect(errorsOf(CreateBookingRequestSchema, { ...base, isHomeVisit: 'yes' }).isHomeVisit).toBe(
      'Must be true or false',
    );
  });
});

describe('isWithinBusinessHours (may a booking come to hold its hour now?)', () => {
  // 2030-01-07 is a Monday.
  const hours = { Monday: [{ start: '09:00', end: '12:00' }, '13:30-17:00'] };

  it('is true when the whole hour lies inside one of that weekday’s ranges, on the grid or not', () => {
    expect(isWithinBusinessHours('2030-01-07 09:00', { availability: hours })).toBe(true);
    expect(isWithinBusinessHours('2030-01-07 11:00', { availability: hours })).toBe(true);
    expect(isWithinBusinessHours('2030-01-07 14:15', { availability: hours })).toBe(true);
    expect(isWithinBusinessHours('2030-01-07 16:00', { availability: hours })).toBe(true);
  });

  it('is false when the hour starts before a range, runs past its end, or spans the gap', () => {
    expect(isWithinBusinessHours('2030-01-07 08:30', { availability: hours })).toBe(false);
    expect(isWithinBusinessHours('2030-01-07 11:30', { availability: hours })).toBe(false);
    expect(isWithinBusinessHours('2030-01-07 12:30', { availability: hours })).toBe(false);
    expect(isWithinBusinessHours('2030-01-07 16:30', { availability: hours })).toBe(false);
  });

  it('is false on a weekday without hours, on an active away day, and for text that is not a time', () => {
    expect(isWithinBusinessHours('2030-01-08 10:00', { availability: hours })).toBe(false);
    const away = [{ startDate: '2030-01-06', endDate: '2030-01-07', status: 'active' }];
    expect(isWithinBusinessHours('2030-01-07 10:00', { availability: hours, awayDates: away })).toBe(false);
    expect(isWithinBusinessHours('2030-01-14 10:00', { availability: hours, awayDates: away })).toBe(true);
    expect(isWithinBusinessHours('not a time', { availability: hours })).toBe(false);
    expect(isWithinBusinessHours('2030-01-07 10:00', { availability: null })).toBe(false);
  });
});

describe('PATCH /booking/cancel body', () => {
  const ref = { businessId: 'b1', bookingId: 'k1' };

  it('takes a trimmed reason of up to 200 characters', () => {
    expect(parseOk(CancelBookingRequestSchema, { ...ref, reason: '  Barber is ill  ' })).toEqual({
      ...ref,
      reason: 'Barber is ill',
    });
    expect(parseOk(CancelBookingRequestSchema, { ...ref, reason: 'x'.repeat(200) }).reason).toHaveLength(200);
  });

  it('refuses a missing, blank, long, profane or control-character reason', () => {
    expect(errorsOf(CancelBookingRequestSchema, ref).reason).toBe(MESSAGES.cancellationReasonRequired);
    expect(errorsOf(CancelBookingRequestSchema, { ...ref, reason: '   ' }).reason).toBe(
      MESSAGES.cancellationReasonRequired,
    );
    expect(errorsOf(CancelBookingRequestSchema, { ...ref, reason: 'x'.repeat(201) }).reason).toBe(
      atMostCharacters(200),
    );
    expect(cancellationReasonError('x'.repeat(201))).toBe(MESSAGES.cancellationReasonMax);
    expect(errorsOf(CancelBookingRequestSchema, { ...ref, reason: 'shit happens' }).reason).toBe(
      'Reason contains inappropriate content',
    );
    expect(errorsOf(CancelBookingRequestSchema, { ...ref, reason: 'ill\u0000' }).reason).toBe(
      MESSAGES.invalidCharacters,
    );
  });
});
