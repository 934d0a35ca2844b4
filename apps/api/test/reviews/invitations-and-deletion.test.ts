import { appointmentEndsAt } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createAdmin } from '../helpers/invites';
import { call, createBusiness, createCustomer, insertBooking, withFreshToken } from '../helpers/marketplace';
import { hourIn, pastBooking, postReview, reviewed, reviewsPage, totalsOf } from './support';

describeEachDatabase('the review invitation after an agreed appointment', (database) => {
  let t: TestApp;
  let day = 1;
  beforeAll(async () => {
    // No worker of its own: what is due goes when a write answers or the test drains, never between.
    t = await createTestApp(database().db, { deps: { outboxWorker: false } });
  });
  afterAll(() => t.close());
  const db = () => database().db;

  /** A booking approved through the API, its hour tomorrow or later; the parties with fresh tokens. */
  async function approved(settings?: { bookingUpdates: boolean }) {
    const business = await createBusiness(t, db(), { business_name: 'Invite Cuts' });
    const customer = await createCustomer(t, db());
    if (settings) {
      const response = await call(t, 'PUT', '/api/user/notification-settings', customer, {
        bookingUpdates: settings.bookingUpdates,
        reminders: true,
        messages: true,
        marketing: false,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const booking = await insertBooking(t, db(), { business, customer, startsAt: hourIn(t, day++, 11) });
    const response = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Approved',
    });
    expect(response.statusCode, response.body).toBe(200);
    return { business, customer, booking };
  }

  const invitationOf = (bookingId: string) =>
    db()
      .selectFrom('outbox')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'review_invite')
      .execute();

  /** Moves the clock past the appointment's end and delivers what is due. */
  async function afterTheAppointment(startsAt: string) {
    t.clock.advance(appointmentEndsAt(startsAt).getTime() - t.clock.now().getTime() + MINUTE_MS);
    await t.app.outbox.drain();
  }

  it('schedules one invitation when the booking is approved, due when its hour ends, and sends it then (not a reminder)', async () => {
    const { customer, booking } = await approved();
    const [row, ...more] = await invitationOf(booking.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      status: 'pending',
      recipient_id: customer.id,
      not_before: appointmentEndsAt(booking.starts_at).toISOString(),
    });
    await t.app.outbox.drain();
    expect(t.mailer.to(customer.email).filter((m) => m.subject.startsWith('How was'))).toEqual([]);

    await afterTheAppointment(booking.starts_at);
    const [mail] = t.mailer.to(customer.email).filter((m) => m.subject.startsWith('How was'));
    expect(mail?.subject).toBe('How was your appointment with Bob Cuts?');
    expect(mail?.subject.startsWith('Reminder:')).toBe(false);
    expect(mail?.text).toContain(`${t.config.appUrl}/profile`);
    expect((await invitationOf(booking.id))[0]?.status).toBe('sent');
  });

  it('skips it when the appointment was reviewed first or the customer turned booking updates off', async () => {
    const second = await approved();
    t.clock.advance(
      appointmentEndsAt(second.booking.starts_at).getTime() - t.clock.now().getTime() + MINUTE_MS,
    );
    const me = await withFreshToken(t, db(), second.customer);
    // The review's answer delivers what is due, after the review committed.
    expect((await postReview(t, me, { bookingId: second.booking.id, rating: 5 })).statusCode).toBe(201);
    const [reviewedRow] = await invitationOf(second.booking.id);
    expect(reviewedRow).toMatchObject({
      status: 'skipped',
      last_error: 'The appointment has been reviewed already.',
    });

    const quiet = await approved({ bookingUpdates: false });
    await afterTheAppointment(quiet.booking.starts_at);
    const [quietRow] = await invitationOf(quiet.booking.id);
    expect(quietRow).toMatchObject({ status: 'skipped', last_error: 'Booking updates are turned off.' });
  });

  it('skips it when the appointment was cancelled before it', async () => {
    const { business, customer, booking } = await approved();
    const cancel = await call(t, 'PATCH', '/api/booking/setstatus', customer, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await afterTheAppointment(booking.starts_at);
    const [row] = await invitationOf(booking.id);
    expect(row).toMatchObject({
      status: 'skipped',
      last_error: 'The booking is no longer Approved or Confirmed.',
    });
  });
});

describeEachDatabase('an account deletion and its reviews', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  it('removes a deleted customer’s reviews and reports, and the business’s totals lose the visible ones at once', async () => {
    const business = await createBusiness(t, db());
    const leaver = await createCustomer(t, db(), { first_name: 'Lee' });
    const stays = await createCustomer(t, db(), { first_name: 'Stella' });
    const admin = await createAdmin(t, db());
    const kept = await reviewed(t, stays, (await pastBooking(t, db(), { business, customer: stays })).id, 2);
    const visible = await reviewed(
      t,
      leaver,
      (await pastBooking(t, db(), { business, customer: leaver })).id,
      5,
    );
    const hidden = await reviewed(
      t,
      leaver,
      (await pastBooking(t, db(), { business, customer: leaver })).id,
      1,
    );
    const hide = await call(t, 'PUT', '/api/booking/review-moderation', admin, {
      reviewId: hidden.id,
      hidden: true,
      reason: 'Off topic',
    });
    expect(hide.statusCode).toBe(200);
    expect(
      (await call(t, 'POST', '/api/booking/review-report', leaver, { reviewId: kept.id, reason: 'Fake' }))
        .statusCode,
    ).toBe(201);
    expect(await totalsOf(db(), business.id)).toEqual({ review_count: 2, review_sum: 7 });

    const deleted = await call(t, 'DELETE', '/api/user/delete-account', leaver);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await totalsOf(db(), business.id)).toEqual({ review_count: 1, review_sum: 2 });
    const ids = (await reviewsPage(t, business.id)).json().reviews.map((r: { id: string }) => r.id);
    expect(ids).toEqual([kept.id]);
    const left = await db()
      .selectFrom('reviews')
      .select('id')
      .where('id', 'in', [visible.id, hidden.id])
      .execute();
    expect(left).toEqual([]);
    const reports = await db()
      .selectFrom('review_reports')
      .select('id')
      .where('reporter_id', '=', leaver.id)
      .execute();
    expect(reports).toEqual([]);
    // The bookings stay (7 years), with the names captured in them.
    const bookings = await db()
      .selectFrom('bookings')
      .select('id')
      .where('customer_id', '=', leaver.id)
      .execute();
    expect(bookings).toHaveLength(2);
  });
});
