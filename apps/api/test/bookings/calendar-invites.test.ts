import { unfoldIcsLines } from '@app/domain/calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import type { OutgoingMail } from '../../src/mail/mailer';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

/** booking.ics on the emails of an agreed appointment and of its cancellation (api-contract §8.3). */
describeEachDatabase('calendar invites on booking emails', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  const db = (): Db => database().db;
  beforeAll(async () => {
    t = await createTestApp(db());
    business = await createBusiness(t, db(), { business_address: '9 Bridge Street, Lisburn, BT28 1XZ' });
    customer = await createCustomer(t, db());
  });
  afterAll(() => t.close());

  const calendarOf = (message: OutgoingMail | undefined) => {
    const [file] = message?.attachments ?? [];
    expect(file?.filename).toBe('booking.ics');
    return { contentType: file?.contentType, lines: unfoldIcsLines(file?.content ?? '').split('\r\n') };
  };
  const tomorrowAt = (time: string) => {
    const day = new Date(t.clock.now().getTime() + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
    return `${day} ${time}`;
  };
  const setStatus = (actor: Actor, bookingId: string, status: string) =>
    call(t, 'PATCH', '/api/booking/setstatus', actor, { businessId: business.id, bookingId, status });

  it('the approval carries PUBLISH with a stable UID; the customer’s cancellation carries CANCEL with the same UID, STATUS:CANCELLED and a higher SEQUENCE', async () => {
    const booking = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: tomorrowAt('11:00'),
      price: 40,
    });
    expect((await setStatus(business, booking.id, 'Approved')).statusCode).toBe(200);
    const approval = t.mailer.to(customer.email).at(-1);
    expect(approval?.subject).toMatch(/is approved$/);
    const published = calendarOf(approval);
    expect(published.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(published.lines).toContain('METHOD:PUBLISH');
    expect(published.lines).toContain(`UID:booking-${booking.id}@localhost:3000`);
    expect(published.lines).toContain('SEQUENCE:0');
    expect(published.lines).toContain('LOCATION:Bob Cuts\\, 9 Bridge Street\\, Lisburn\\, BT28 1XZ');
    expect(published.lines.some((line) => /^DTSTART:\d{8}T\d{6}Z$/.test(line))).toBe(true);

    expect((await setStatus(customer, booking.id, 'Cancelled')).statusCode).toBe(200);
    const notice = t.mailer.to(business.email).at(-1);
    expect(notice?.subject).toMatch(/^Appointment cancelled by/);
    const cancelled = calendarOf(notice);
    expect(cancelled.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancelled.lines).toContain('METHOD:CANCEL');
    expect(cancelled.lines).toContain('STATUS:CANCELLED');
    expect(cancelled.lines).toContain(`UID:booking-${booking.id}@localhost:3000`);
    expect(cancelled.lines).toContain('SEQUENCE:1');
  });

  it('the business’s cancellation carries CANCEL to the customer; a request’s own emails carry none', async () => {
    const booking = await insertBooking(t, db(), { business, customer, startsAt: tomorrowAt('14:00') });
    expect((await setStatus(business, booking.id, 'Approved')).statusCode).toBe(200);
    const cancelled = await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: business.id,
      bookingId: booking.id,
      reason: 'The shop is closed for a burst pipe',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notice = t.mailer.to(customer.email).at(-1);
    expect(notice?.text).toContain('Reason: The shop is closed for a burst pipe');
    expect(calendarOf(notice).lines).toContain('METHOD:CANCEL');

    const denied = await insertBooking(t, db(), { business, customer, startsAt: tomorrowAt('15:00') });
    expect((await setStatus(business, denied.id, 'Denied')).statusCode).toBe(200);
    expect(t.mailer.to(customer.email).at(-1)?.attachments).toBeUndefined();
  });
});
