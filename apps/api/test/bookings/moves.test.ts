import { addDays, londonWallClockToUtc, MOVE_MESSAGES, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { formatBookingTime } from '../../src/mail/templates';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

/**
 * Moving an appointment (api-contract §9.4, issue 33 item 1): a proposal and its answer move the
 * same booking, atomically, and lose cleanly to a time taken meanwhile.
 */
describeEachDatabase('moving an appointment', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;
  const day = (ahead: number) => addDays(todayInLondon(t.clock.now()), ahead);
  const propose = (actor: Actor, bookingId: string, bookingDateTime: string) =>
    call(t, 'POST', '/api/booking/reschedule', actor, { bookingId, bookingDateTime });
  const answer = (actor: Actor, proposalId: string, response: 'Accepted' | 'Declined') =>
    call(t, 'PATCH', '/api/booking/reschedule', actor, { proposalId, response });
  const threadOf = async (actor: Actor, bookingId: string) =>
    (
      (await call(t, 'GET', `/api/booking/messages?bookingId=${bookingId}`, actor)).json().messages as {
        from: string;
        body: string;
      }[]
    ).map((line) => line.body);

  const fmt = (dateTime: string) => formatBookingTime(dateTime);
  const HOUR_MS = 60 * 60_000;

  async function agreed(overrides: Parameters<typeof createBusiness>[2] = {}) {
    const business = await createBusiness(t, db(), { business_name: 'Moving Barbers', ...overrides });
    const customer = await createCustomer(t, db());
    const booking = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${day(5)} 10:00`,
      status: 'Approved',
    });
    return { business, customer, booking };
  }

  it('the customer proposes, the business accepts: the same booking at the new time, the old one free, both emailed', async () => {
    const { business, customer, booking } = await agreed();
    const events: unknown[] = [];
    const unsubscribe = t.app.liveEvents.subscribe(business.id, (event: unknown) => events.push(event));
    const mailsBefore = t.mailer.messages.length;
    const proposed = await propose(customer, booking.id, `${day(5)} 12:00`);
    expect(proposed.statusCode, proposed.body).toBe(201);
    // The business hears of it: an email, and its open stream (the thread's line, the booking).
    expect(
      t.mailer.messages
        .slice(mailsBefore)
        .find((m) => m.to === business.email && m.subject === `New time proposed: ${fmt(`${day(5)} 12:00`)}`),
    ).toBeDefined();
    await vi.waitFor(() =>
      expect(events).toEqual([
        expect.objectContaining({ type: 'message', bookingId: booking.id }),
        expect.objectContaining({ type: 'booking', bookingId: booking.id, status: 'Approved' }),
      ]),
    );
    unsubscribe();
    const proposal = proposed.json().proposal;
    expect(proposal).toEqual({
      id: expect.any(String),
      bookingId: booking.id,
      from: `${day(5)} 10:00`,
      to: `${day(5)} 12:00`,
      proposedBy: 'customer',
      status: 'Proposed',
    });
    // The business's list shows it at once (its kept answer is due).
    const listed = (await call(t, 'GET', '/api/booking/getallbookings', business)).json().bookings;
    expect(listed.find((one: { id: string }) => one.id === booking.id).MoveProposal).toEqual({
      id: proposal.id,
      to: `${day(5)} 12:00`,
      proposedBy: 'customer',
    });
    const again = await propose(business, booking.id, `${day(5)} 14:00`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ProposalOpen');
    // The proposer cannot answer its own; nobody else can see it.
    const own = await answer(customer, proposal.id, 'Accepted');
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('InvalidTransition');
    expect((await answer(await createCustomer(t, db()), proposal.id, 'Accepted')).statusCode).toBe(404);

    const before = t.mailer.messages.length;
    const accepted = await answer(business, proposal.id, 'Accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().booking).toMatchObject({
      id: booking.id,
      Status: 'Approved',
      BookingDateTime: `${day(5)} 12:00`,
      RescheduledFrom: `${day(5)} 10:00`,
      MoveProposal: null,
      Price: booking.price,
    });
    const slots = await slotsOf(t, business.id);
    expect(slots).toContain(`${day(5)} 10:00`);
    expect(slots).not.toContain(`${day(5)} 12:00`);
    const mails = t.mailer.messages.slice(before);
    for (const party of [customer, business]) {
      const mail = mails.find((m) => m.to === party.email && m.subject.startsWith('Appointment moved to'));
      expect(mail, party.email).toBeDefined();
      const ics = String(mail!.attachments?.find((file) => file.filename === 'booking.ics')?.content);
      expect(ics).toContain(`UID:booking-${booking.id}@`);
      expect(ics).toContain('SEQUENCE:1');
    }
    const thread = await threadOf(customer, booking.id);
    expect(thread.some((line) => line.startsWith('Move proposed by the customer'))).toBe(true);
    expect(thread.some((line) => line.startsWith('Moved from'))).toBe(true);
  });

  it('a declined proposal leaves the booking as it was; the business may then propose', async () => {
    const { business, customer, booking } = await agreed();
    const proposal = (await propose(business, booking.id, `${day(5)} 15:00`)).json().proposal;
    // Read once before the answer, so a kept list would be stale after it.
    await call(t, 'GET', '/api/booking/getallbookings', customer);
    await call(t, 'GET', '/api/booking/getallbookings', business);
    const before = t.mailer.messages.length;
    const declined = await answer(customer, proposal.id, 'Declined');
    expect(declined.statusCode, declined.body).toBe(200);
    // Its proposer hears of the answer.
    expect(t.mailer.messages.slice(before).map((m) => [m.to, m.subject])).toContainEqual([
      business.email,
      `New time declined: ${fmt(`${day(5)} 15:00`)}`,
    ]);
    expect(declined.json().booking).toMatchObject({
      BookingDateTime: `${day(5)} 10:00`,
      RescheduledFrom: null,
      MoveProposal: null,
    });
    const listed = (await call(t, 'GET', '/api/booking/getallbookings', business)).json().bookings;
    expect(listed.find((one: { id: string }) => one.id === booking.id).MoveProposal).toBeNull();
    expect((await propose(business, booking.id, `${day(5)} 16:00`)).statusCode).toBe(201);
  });

  it('refuses a time that is not offered, the same time, a request, a stranger and a customer inside the notice', async () => {
    const { business, customer, booking } = await agreed();
    for (const [time, message] of [
      [`${day(5)} 10:00`, MOVE_MESSAGES.sameTime],
      [`${day(5)} 20:00`, MOVE_MESSAGES.notOffered],
      [`${day(5)} 10:30`, MOVE_MESSAGES.notOffered],
    ] as const) {
      const refused = await propose(customer, booking.id, time);
      expect(refused.statusCode, time).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await propose(await createCustomer(t, db()), booking.id, `${day(5)} 12:00`)).statusCode).toBe(
      404,
    );
    const request = await insertBooking(t, db(), { business, customer, startsAt: `${day(6)} 10:00` });
    expect((await propose(customer, request.id, `${day(6)} 12:00`)).json().code).toBe('InvalidTransition');
    // A business asking for 48 hours' notice: a booking tomorrow is too late for the customer.
    const strict = await createBusiness(t, db(), { cancellation_notice_hours: 48 });
    const soon = await insertBooking(t, db(), {
      business: strict,
      customer,
      startsAt: `${day(1)} 12:00`,
      status: 'Approved',
    });
    const late = await propose(customer, soon.id, `${day(1)} 14:00`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TooLateToReschedule');
    expect((await propose(strict, soon.id, `${day(1)} 14:00`)).statusCode).toBe(201);
  });

  it('offers the times the booking could move to, a start overlapping its own time included', async () => {
    const { business, customer, booking } = await agreed({ slot_step_minutes: 30 });
    const times = await call(t, 'GET', `/api/booking/reschedule/times?bookingId=${booking.id}`, customer);
    expect(times.statusCode, times.body).toBe(200);
    const { slots } = times.json() as { slots: string[] };
    expect(slots).toContain(`${day(5)} 10:30`);
    expect(slots).toContain(`${day(5)} 09:30`);
    expect(slots).not.toContain(`${day(5)} 10:00`);
    // The public list counts the booking as taken; the move does not.
    expect(await slotsOf(t, business.id)).not.toContain(`${day(5)} 10:30`);
    expect(
      (await call(t, 'GET', `/api/booking/reschedule/times?bookingId=${booking.id}`, business)).statusCode,
    ).toBe(200);
    const stranger = await createCustomer(t, db());
    expect(
      (await call(t, 'GET', `/api/booking/reschedule/times?bookingId=${booking.id}`, stranger)).statusCode,
    ).toBe(404);
    const proposal = (await propose(customer, booking.id, `${day(5)} 10:30`)).json().proposal;
    const moved = await answer(business, proposal.id, 'Accepted');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.BookingDateTime).toBe(`${day(5)} 10:30`);
  });

  it('a payment still due is asked for before the new start; a later time keeps its deadline', async () => {
    const { business, customer, booking } = await agreed();
    // As an agreement now would set it (PAYMENT_WINDOW 24 hours): within a day.
    const deadline = new Date(t.clock.now().getTime() + 23 * HOUR_MS).toISOString();
    await db()
      .updateTable('bookings')
      .set({ payment_status: 'Due', amount_due_pence: 1000, payment_due_by: deadline })
      .where('id', '=', booking.id)
      .execute();
    const dueBy = async () =>
      (
        await db()
          .selectFrom('bookings')
          .select('payment_due_by')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow()
      ).payment_due_by;
    const moveTo = async (to: string) => {
      const proposal = (await propose(business, booking.id, to)).json().proposal;
      expect((await answer(customer, proposal.id, 'Accepted')).statusCode).toBe(200);
    };
    await moveTo(`${day(6)} 10:00`);
    expect(await dueBy()).toBe(deadline);
    // A start before the deadline: payment is due an hour before it.
    const { slots } = (
      await call(t, 'GET', `/api/booking/reschedule/times?bookingId=${booking.id}`, business)
    ).json() as { slots: string[] };
    const soon = slots.find((slot) => {
      const starts = londonWallClockToUtc(slot).getTime();
      return starts - HOUR_MS > t.clock.now().getTime() + HOUR_MS && starts - HOUR_MS < Date.parse(deadline);
    });
    expect(soon, slots.slice(0, 5).join()).toBeDefined();
    await moveTo(soon!);
    expect(await dueBy()).toBe(new Date(londonWallClockToUtc(soon!).getTime() - HOUR_MS).toISOString());
  });

  it('a walk-in has nobody to agree a move: refused with a clear message', async () => {
    const business = await createBusiness(t, db());
    const walkIn = await call(t, 'POST', '/api/user/walk-ins', business, {
      customerName: 'Pat Walker',
      customerPhone: '07123456789',
      bookingDateTime: `${day(5)} 10:00`,
      price: 25,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const refused = await propose(business, walkIn.json().booking.id, `${day(5)} 12:00`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MOVE_MESSAGES.walkIn);
  });

  it('a move accepted while another customer’s booking of that time is approved: exactly one wins, the loser’s booking unchanged', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { business, customer, booking } = await agreed();
      const target = `${day(5)} 13:00`;
      const other = await createCustomer(t, db());
      const requested = await call(t, 'POST', '/api/booking/book', other, bookingBody(business, target));
      expect(requested.statusCode, requested.body).toBe(201);
      const proposal = (await propose(customer, booking.id, target)).json().proposal;
      const [moved, approved] = await Promise.all([
        answer(business, proposal.id, 'Accepted'),
        call(t, 'PATCH', '/api/booking/setstatus', business, {
          businessId: business.id,
          bookingId: requested.json().booking.id,
          status: 'Approved',
        }),
      ]);
      const statuses = [moved.statusCode, approved.statusCode].sort();
      expect(statuses, `${moved.body} | ${approved.body}`).toEqual([200, 409]);
      const loser = moved.statusCode === 409 ? moved : approved;
      expect(loser.json().code).toBe('SlotTaken');
      const held = await db()
        .selectFrom('bookings')
        .select(['id', 'starts_at'])
        .where('business_id', '=', business.id)
        .where('status', 'in', ['Approved', 'Confirmed'])
        .execute();
      expect(held.filter((row) => row.starts_at === target)).toHaveLength(1);
      if (moved.statusCode === 409) {
        expect(held.find((row) => row.id === booking.id)?.starts_at).toBe(`${day(5)} 10:00`);
      }
    }
  });

  it('a move accepted while the customer cancels: one order or the other, never a cancelled booking that moved', async () => {
    const { business, customer, booking } = await agreed();
    const proposal = (await propose(business, booking.id, `${day(5)} 15:00`)).json().proposal;
    const [moved, cancelled] = await Promise.all([
      answer(customer, proposal.id, 'Accepted'),
      call(t, 'PATCH', '/api/booking/setstatus', customer, {
        businessId: business.id,
        bookingId: booking.id,
        status: 'Cancelled',
      }),
    ]);
    expect([moved.statusCode, cancelled.statusCode].every((status) => status < 500)).toBe(true);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Cancelled');
    // Moved first, then cancelled; or cancelled first, and the acceptance refused.
    if (moved.statusCode === 200) expect(row.starts_at).toBe(`${day(5)} 15:00`);
    else expect(row.starts_at).toBe(`${day(5)} 10:00`);
    expect(await slotsOf(t, business.id)).toContain(`${day(5)} 15:00`);
  });
});
