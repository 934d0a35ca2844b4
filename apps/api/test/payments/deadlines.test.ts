import { londonWallClockToUtc, PAYMENT_NOT_RECEIVED } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_API_MESSAGES } from '../../src/modules/payments/payments.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createCustomer, slotsOf, withFreshToken } from '../helpers/marketplace';
import { agreedBooking, customersBooking, providerPage, shopTaking } from '../helpers/payments';

describeEachDatabase('payments: the deadline cancels an unpaid booking; attendance', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  /** A deposit asked of a new customer, its checkout open: the booking and its deadline. */
  async function dueBooking(app = t) {
    const business = await shopTaking(app, db(), 'deposit', 25);
    const customer = await createCustomer(app, db());
    const { bookingId, slot, approved } = await agreedBooking(app, business, customer);
    return { business, customer, bookingId, slot, dueBy: Date.parse(approved.PaymentDueBy) };
  }

  /** Moves the app's clock to `at` (ms) and gives the actors tokens of that time. */
  async function moveTo(at: number, actors: Actor[], app = t) {
    app.clock.advance(at - app.clock.now().getTime());
    return Promise.all(
      actors.map((actor, index) => withFreshToken(app, db(), actor, index === 0 ? 'Business' : 'User')),
    );
  }

  it('cancels a booking still Due at its deadline: both told, the hour free again, once', async () => {
    const due = await dueBooking();
    // Someone waits for that day there (api-contract §9.4): the lapse opens a time.
    const waiting = await createCustomer(t, db());
    const waited = await call(t, 'POST', '/api/booking/waitlist', waiting, {
      businessId: due.business.id,
      date: due.slot.slice(0, 10),
    });
    expect(waited.statusCode, waited.body).toBe(201);
    expect(await t.app.paymentDeadlines.drain()).toBe(0);
    let [business, customer] = await moveTo(due.dueBy - 1000, [due.business, due.customer]);
    expect(await t.app.paymentDeadlines.drain()).toBe(0);
    expect((await customersBooking(t, customer!, due.bookingId)).PaymentStatus).toBe('Due');

    [business, customer] = await moveTo(due.dueBy + 1000, [business!, customer!]);
    const before = t.mailer.messages.length;
    expect(await t.app.paymentDeadlines.drain()).toBe(1);
    await t.app.outbox.drain();
    expect(await customersBooking(t, customer!, due.bookingId)).toMatchObject({
      Status: 'Cancelled',
      CancelledBy: 'system',
      CancellationReason: PAYMENT_NOT_RECEIVED,
      PaymentStatus: 'NotRequired',
      AmountDuePence: 0,
      PaymentDueBy: null,
    });
    const mails = t.mailer.messages.slice(before);
    // (A reminder may fall due as the clock moves to the deadline: not this test's business.)
    const toCustomer = mails.filter(
      (mail) => mail.to === due.customer.email && !mail.subject.startsWith('Reminder:'),
    );
    expect(toCustomer.map((mail) => mail.subject)).toEqual([
      'Your appointment with Bow Street Barbers was cancelled: payment not received',
    ]);
    expect(toCustomer[0]!.text).toContain('The deposit of £7.50 for this appointment was not paid in time');
    const calendar = toCustomer[0]!.attachments?.find((file) => file.filename === 'booking.ics');
    expect(String(calendar?.content)).toContain('METHOD:CANCEL');
    expect(mails.filter((mail) => mail.to === due.business.email).map((mail) => mail.subject)).toEqual([
      `Appointment cancelled: ${due.customer.firstName} ${due.customer.lastName} did not pay`,
    ]);
    expect(mails.filter((mail) => mail.to === waiting.email).map((mail) => mail.subject)).toEqual([
      'A time opened at Bow Street Barbers',
    ]);
    // The thread records it; the hour can be booked again.
    const thread = (
      await call(t, 'GET', `/api/booking/messages?bookingId=${due.bookingId}`, customer!)
    ).json();
    expect(thread.messages.at(-1)).toMatchObject({ from: 'system', body: 'Cancelled: Payment not received' });
    // (Unless it has begun: a deadline can fall at the start of a booking made just before it.)
    if (londonWallClockToUtc(due.slot).getTime() > t.clock.now().getTime()) {
      expect(await slotsOf(t, due.business.id)).toContain(due.slot);
    }
    // Once: nothing more to do, no second email.
    expect(await t.app.paymentDeadlines.drain()).toBe(0);
    await t.app.outbox.drain();
    expect(t.mailer.messages.length - before).toBe(mails.length);
  });

  it('never cancels a paid booking; a checkout after the deadline is refused', async () => {
    const paid = await dueBooking();
    const opened = await call(t, 'POST', '/api/payments/checkout', paid.customer, {
      bookingId: paid.bookingId,
    });
    await providerPage(t, opened.json().url, '/pay');
    const late = await dueBooking();
    const [, customer] = await moveTo(Math.max(paid.dueBy, late.dueBy) + 1000, [
      late.business,
      late.customer,
    ]);
    const refused = await call(t, 'POST', '/api/payments/checkout', customer!, { bookingId: late.bookingId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'NothingDue', message: PAYMENT_API_MESSAGES.deadlinePassed });
    expect(await t.app.paymentDeadlines.drain()).toBe(1);
    const [, payer] = await moveTo(t.clock.now().getTime(), [paid.business, paid.customer]);
    expect(await customersBooking(t, payer!, paid.bookingId)).toMatchObject({
      Status: 'Approved',
      PaymentStatus: 'Paid',
    });
  });

  it('a payment racing its deadline resolves to one outcome; paid after the cancellation, it goes back', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const due = await dueBooking();
      const { url } = (
        await call(t, 'POST', '/api/payments/checkout', due.customer, { bookingId: due.bookingId })
      ).json();
      const [, customer] = await moveTo(due.dueBy + 1000, [due.business, due.customer]);
      // The provider's confirmation and the deadline's job at once.
      await Promise.all([providerPage(t, url, '/pay'), t.app.paymentDeadlines.drain()]);
      await t.app.paymentRefunds.drain();
      const booking = await customersBooking(t, customer!, due.bookingId);
      expect(booking.AmountPaidPence).toBe(750);
      if (booking.Status === 'Cancelled') {
        // Cancelled first: the payment that followed went back in full.
        expect(booking).toMatchObject({ CancelledBy: 'system', PaymentStatus: 'Refunded' });
        expect(booking.AmountRefundedPence).toBe(750);
      } else {
        expect(booking).toMatchObject({ Status: 'Approved', PaymentStatus: 'Paid', AmountRefundedPence: 0 });
      }
      outcomes.add(booking.Status);
    }
    expect([...outcomes].every((status) => status === 'Cancelled' || status === 'Approved')).toBe(true);
  });

  it('two instances at one deadline: one cancellation, one email to each party', async () => {
    const other = await createTestApp(db());
    try {
      const due = await dueBooking();
      await moveTo(due.dueBy + 1000, []);
      await moveTo(due.dueBy + 1000, [], other);
      const before = [t.mailer.messages.length, other.mailer.messages.length] as const;
      const counts = await Promise.all([t.app.paymentDeadlines.drain(), other.app.paymentDeadlines.drain()]);
      expect(counts[0] + counts[1]).toBe(1);
      await Promise.all([t.app.outbox.drain(), other.app.outbox.drain()]);
      const mails = [...t.mailer.messages.slice(before[0]), ...other.mailer.messages.slice(before[1])];
      expect(mails.filter((mail) => mail.to === due.customer.email)).toHaveLength(1);
      expect(mails.filter((mail) => mail.to === due.business.email)).toHaveLength(1);
      const transitions = await db()
        .selectFrom('booking_transitions')
        .select('to_status')
        .where('booking_id', '=', due.bookingId)
        .where('to_status', '=', 'Cancelled')
        .execute();
      expect(transitions).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('attendance: the business, after the start; a no-show keeps the deposit, Attended gives it back its Paid', async () => {
    const due = await dueBooking();
    const opened = await call(t, 'POST', '/api/payments/checkout', due.customer, {
      bookingId: due.bookingId,
    });
    await providerPage(t, opened.json().url, '/pay');
    const mark = (actor: Actor, attendance: string, bookingId = due.bookingId) =>
      call(t, 'PATCH', '/api/booking/attendance', actor, { bookingId, attendance });

    const early = await mark(due.business, 'NoShow');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'InvalidTransition',
      message: 'Attendance can be marked once the appointment has started',
    });
    const startsAt = londonWallClockToUtc(due.slot).getTime() + 60_000;
    const [business, customer] = await moveTo(startsAt, [due.business, due.customer]);
    const stranger = await createCustomer(t, db());
    expect((await mark(customer!, 'NoShow')).statusCode).toBe(403);
    const otherShop = await shopTaking(t, db(), 'none');
    expect((await mark(otherShop, 'NoShow')).statusCode).toBe(404);
    expect((await mark(stranger, 'NoShow')).statusCode).toBe(403);
    const bad = await mark(business!, 'Maybe');
    expect(bad.statusCode).toBe(400);

    const noShow = await mark(business!, 'NoShow');
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json().booking).toMatchObject({ Attendance: 'NoShow', PaymentStatus: 'Kept' });
    expect(await customersBooking(t, customer!, due.bookingId)).toMatchObject({
      PaymentStatus: 'Kept',
      AmountPaidPence: 750,
      AmountRefundedPence: 0,
    });
    const attended = await mark(business!, 'Attended');
    expect(attended.json().booking).toMatchObject({ Attendance: 'Attended', PaymentStatus: 'Paid' });
  });

  it('attendance is for agreed bookings only', async () => {
    const business = await shopTaking(t, db(), 'none');
    const customer = await createCustomer(t, db());
    const { bookingId } = await agreedBooking(t, business, customer);
    await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: business.id,
      bookingId,
      reason: 'The barber is ill',
    });
    const refused = await call(t, 'PATCH', '/api/booking/attendance', business, {
      bookingId,
      attendance: 'Attended',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('InvalidTransition');
  });
});
