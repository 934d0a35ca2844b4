import { reminderMoment } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  withFreshToken,
} from '../helpers/marketplace';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Reminders (api-contract §8.3): written with the approval, one per REMINDER_OFFSETS entry (the
 * tests' default 24h,2h) whose moment is still ahead, sent once at that moment on the test clock,
 * never for a cancelled booking nor to a customer who turned reminders off.
 */
describeEachDatabase('appointment reminders', (database) => {
  let t: TestApp;
  const db = (): Db => database().db;
  beforeAll(async () => {
    t = await createTestApp(db());
  });
  afterAll(() => t.close());

  /** Moves the test clock to an instant (forwards or back). */
  const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

  async function agreedBooking(startsAt: string, options: { approveAt: string; noticeHours?: number }) {
    setClock(options.approveAt);
    // (The booking keeps the name it was made under: insertBooking's 'Bob Cuts'.)
    const business = await createBusiness(t, db(), {
      business_address: '5 Quay Street, Derry, BT48 6AA',
      cancellation_notice_hours: options.noticeHours ?? 0,
    });
    const customer = await createCustomer(t, db(), { first_name: 'Rosa', last_name: 'Reid' });
    const booking = await insertBooking(t, db(), { business, customer, startsAt, price: 35 });
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    return { business, customer, booking };
  }

  const reminderRows = (bookingId: string) =>
    db()
      .selectFrom('outbox')
      .select(['status', 'not_before', 'dedupe_key', 'subject'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'reminder')
      .orderBy('not_before')
      .execute();

  const remindersTo = (customer: Actor) =>
    t.mailer.to(customer.email).filter((message) => message.subject.startsWith('Reminder:'));

  async function runUntil(iso: string) {
    setClock(iso);
    await t.app.outbox.drain();
  }

  it('writes one reminder per offset with the approval and sends each once, at its moment, saying when, where, the price and the notice', async () => {
    const { customer, booking } = await agreedBooking('2026-06-12 10:00', {
      approveAt: '2026-06-01T08:00:00.000Z',
      noticeHours: 6,
    });
    const rows = await reminderRows(booking.id);
    expect(rows.map((row) => row.not_before)).toEqual([
      '2026-06-11T09:00:00.000Z', // 24 h before 10:00 BST
      '2026-06-12T07:00:00.000Z', // 2 h before
    ]);
    expect(rows.map((row) => row.dedupe_key)).toEqual([
      `reminder:${booking.id}:1440m`,
      `reminder:${booking.id}:120m`,
    ]);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);

    await runUntil('2026-06-11T08:59:59.000Z');
    expect(remindersTo(customer)).toEqual([]);
    await runUntil('2026-06-11T09:00:00.000Z');
    expect(remindersTo(customer)).toHaveLength(1);
    const [first] = remindersTo(customer);
    // (Node's date text has a comma after the weekday on some ICU versions.)
    expect(first?.subject).toMatch(
      /^Reminder: your appointment with Bob Cuts on Friday,? 12 June 2026 at 10:00$/,
    );
    expect(first?.text).toMatch(/When: Friday,? 12 June 2026 at 10:00/);
    expect(first?.text).toContain('Address: Bob Cuts, 5 Quay Street, Derry, BT48 6AA');
    expect(first?.text).toContain('Price: £35');
    expect(first?.text).toContain('until 6 hours before the appointment');
    // It opens the booking's own card.
    expect(first?.text).toContain(`Manage it here: http://localhost:3000/profile?booking=${booking.id}`);

    // Draining again, or later, never repeats it.
    await runUntil('2026-06-11T12:00:00.000Z');
    await t.app.outbox.drain();
    expect(remindersTo(customer)).toHaveLength(1);
    await runUntil('2026-06-12T07:00:00.000Z');
    expect(remindersTo(customer)).toHaveLength(2);
    expect((await reminderRows(booking.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('writes no reminder whose moment had already passed when the booking was approved', async () => {
    const { booking } = await agreedBooking('2026-06-20 15:00', { approveAt: '2026-06-20T10:00:00.000Z' });
    // 15:00 BST is 14:00Z: the 24 h moment has passed, the 2 h one (12:00Z) has not.
    expect((await reminderRows(booking.id)).map((row) => row.not_before)).toEqual([
      '2026-06-20T12:00:00.000Z',
    ]);
  });

  it('sends no further reminder once the booking is cancelled', async () => {
    const { customer, booking, business } = await agreedBooking('2026-07-03 11:00', {
      approveAt: '2026-07-01T08:00:00.000Z',
    });
    await runUntil('2026-07-02T10:00:00.000Z'); // the 24 h reminder goes
    expect(remindersTo(customer)).toHaveLength(1);
    const fresh = await withFreshToken(t, db(), customer);
    const cancelled = await call(t, 'PATCH', '/api/booking/setstatus', fresh, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runUntil('2026-07-03T12:00:00.000Z');
    expect(remindersTo(customer)).toHaveLength(1);
    expect((await reminderRows(booking.id)).map((row) => row.status)).toEqual(['sent', 'skipped']);
  });

  it("says the business's notice and address as they are when it goes, not when it was queued", async () => {
    const { customer, business } = await agreedBooking('2026-09-10 10:00', {
      approveAt: '2026-09-01T08:00:00.000Z',
      noticeHours: 72,
    });
    // After the approval the shop shortens its notice and moves.
    const fresh = await withFreshToken(t, db(), business);
    const policy = await call(t, 'PUT', '/api/user/cancellation-policy', fresh, { noticeHours: 24 });
    expect(policy.statusCode, policy.body).toBe(200);
    await db()
      .updateTable('users')
      .set({ business_address: '9 Shipquay Street, Derry, BT48 6DQ' })
      .where('id', '=', business.id)
      .execute();
    await runUntil('2026-09-09T09:00:00.000Z');
    const [reminder] = remindersTo(customer);
    expect(reminder?.text).toContain('until 24 hours before the appointment');
    expect(reminder?.text).not.toContain('72 hours');
    expect(reminder?.text).toContain('9 Shipquay Street, Derry, BT48 6DQ');
    // The outbox row keeps what went.
    const [row] = await db()
      .selectFrom('outbox')
      .select('text')
      .where('kind', '=', 'reminder')
      .where('status', '=', 'sent')
      .where('to_address', '=', customer.email)
      .execute();
    expect(row?.text).toBe(reminder?.text);
  });

  it('sends none to a customer who turned reminders off (read at send time)', async () => {
    const { customer, booking } = await agreedBooking('2026-08-05 12:00', {
      approveAt: '2026-08-01T08:00:00.000Z',
    });
    await db().updateTable('users').set({ notify_reminders: 0 }).where('id', '=', customer.id).execute();
    await runUntil('2026-08-05T12:00:00.000Z');
    expect(remindersTo(customer)).toEqual([]);
    expect((await reminderRows(booking.id)).map((row) => row.status)).toEqual(['skipped', 'skipped']);
  });

  describe('on the days the clocks change', () => {
    it.each([
      // Spring forward: Sunday 29 March 2026, 01:00 GMT → 02:00 BST.
      ['2026-03-29 10:00', '2026-03-28T09:00:00.000Z', '2026-03-29T07:00:00.000Z'],
      ['2026-03-30 10:00', '2026-03-29T09:00:00.000Z', '2026-03-30T07:00:00.000Z'],
      // Fall back: Sunday 25 October 2026, 02:00 BST → 01:00 GMT.
      ['2026-10-25 10:00', '2026-10-24T10:00:00.000Z', '2026-10-25T08:00:00.000Z'],
      ['2026-10-26 10:00', '2026-10-25T10:00:00.000Z', '2026-10-26T08:00:00.000Z'],
    ])(
      'a booking at %s (NI time) is reminded 24 h and 2 h before its real start',
      async (startsAt, day, twoHours) => {
        const approveAt = new Date(
          Date.parse(`${startsAt.slice(0, 10)}T00:00:00Z`) - 5 * 24 * HOUR,
        ).toISOString();
        const { customer, booking } = await agreedBooking(startsAt, { approveAt });
        const rows = await reminderRows(booking.id);
        expect(rows.map((row) => row.not_before)).toEqual([day, twoHours]);
        expect(rows.map((row) => row.not_before)).toEqual([
          reminderMoment(startsAt, { label: '24h', amount: 24, unit: 'h' }).toISOString(),
          reminderMoment(startsAt, { label: '2h', amount: 2, unit: 'h' }).toISOString(),
        ]);
        await runUntil(new Date(Date.parse(day) - MINUTE).toISOString());
        expect(remindersTo(customer)).toEqual([]);
        await runUntil(day);
        expect(remindersTo(customer)).toHaveLength(1);
        await runUntil(twoHours);
        expect(remindersTo(customer)).toHaveLength(2);
      },
    );
  });
});
