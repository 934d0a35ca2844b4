import { londonWallClockToUtc } from '@app/domain';
import { bookingEventTimes } from '@app/domain/calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  slotsOf,
} from '../helpers/marketplace';

const COLOUR = { name: 'Colour', durationMinutes: 90, minimumPrice: 45 };

describeEachDatabase('a booking is of a service, for its length (api-contract §9.3)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const servicesOf = async (business: Actor) =>
    (await t.app.inject({ url: `/api/booking/services?businessId=${business.id}` })).json().services as {
      id: string;
      name: string;
      minimumPrice: number;
    }[];
  const timesFor = async (business: Actor, serviceId: string) =>
    await t.app.inject({
      url: `/api/booking/available-times?businessId=${business.id}&serviceId=${serviceId}`,
    });
  /** The slots of the last day offered (wholly ahead, whatever the time now), as 'HH:MM'. */
  const lastDay = (slots: string[]) => {
    const day = slots.at(-1)!.slice(0, 10);
    return { day, times: slots.filter((slot) => slot.startsWith(day)).map((slot) => slot.slice(11)) };
  };

  it('a request that names no service is of the first, an hour long, as before', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const [slot] = await slotsOf(t, business.id);
    const booked = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot!));
    expect(booked.statusCode, booked.body).toBe(201);
    const [appointment] = await servicesOf(business);
    const end = new Date(londonWallClockToUtc(slot!).getTime() + 3_600_000);
    expect(booked.json().booking).toMatchObject({
      ServiceID: appointment!.id,
      ServiceName: 'Appointment',
      DurationMinutes: 60,
      MemberID: null,
      MemberName: null,
    });
    expect(londonWallClockToUtc(booked.json().booking.EndDateTime).getTime()).toBe(end.getTime());
  });

  it('a 90-minute colour at a half-hourly step: its starts, its price floor, its hour and a half held', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes: 30 });
    const colour = (await call(t, 'POST', '/api/user/services', business, COLOUR)).json().service;
    const [appointment] = await servicesOf(business);

    const offered = await timesFor(business, colour.id);
    expect(offered.statusCode, offered.body).toBe(200);
    const { day, times } = lastDay(offered.json().slots);
    // Open 09:00-17:00: starts every 30 minutes while 90 minutes still end by 17:00.
    expect(times.at(-1)).toBe('15:30');
    expect(times.slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);

    const at = `${day} 15:30`;
    const cheap = await call(t, 'POST', '/api/booking/book', customer, {
      ...bookingBody(business, at),
      serviceId: colour.id,
      price: '30',
    });
    expect(cheap.statusCode).toBe(400);
    expect(Object.keys(cheap.json().errors)).toEqual(['price']);
    const booked = await call(t, 'POST', '/api/booking/book', customer, {
      ...bookingBody(business, at),
      serviceId: colour.id,
      price: '50',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking).toMatchObject({
      ServiceName: 'Colour',
      DurationMinutes: 90,
      EndDateTime: `${day} 17:00`,
    });
    const bookingId = booked.json().booking.id;
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The approval's calendar entry lasts an hour and a half.
    const approval = t.mailer.messages.filter((mail) => /approved/i.test(mail.subject)).at(-1);
    const ics = String(approval?.attachments?.find((file) => file.filename === 'booking.ics')?.content);
    const { end } = bookingEventTimes(at, 90);
    expect(ics).toContain(`DTEND:${end.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);

    // An hour's appointment now fits before 15:30 and not across it.
    const hourly = lastDay(
      (await timesFor(business, appointment!.id)).json().slots.filter((slot: string) => slot.startsWith(day)),
    );
    expect(hourly.times).toContain('14:30');
    expect(hourly.times).not.toContain('15:00');
    expect(hourly.times).not.toContain('16:00');
    const clash = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, `${day} 16:00`));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('SlotTaken');
  });

  it('a service that is not the business’s is a 400, for the times and for a request', async () => {
    const business = await createBusiness(t, db());
    const other = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const [foreign] = await servicesOf(other);
    const times = await timesFor(business, foreign!.id);
    expect(times.statusCode).toBe(400);
    expect(Object.keys(times.json().errors)).toEqual(['serviceId']);
    const [slot] = await slotsOf(t, business.id);
    const refused = await call(t, 'POST', '/api/booking/book', customer, {
      ...bookingBody(business, slot!),
      serviceId: foreign!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['serviceId']);
  });

  it('the business’s minimum price is its first service’s', async () => {
    const business = await createBusiness(t, db());
    await servicesOf(business);
    const saved = await call(t, 'PUT', '/api/user/minimum-price', business, { minimumPrice: 33 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await servicesOf(business))[0]!.minimumPrice).toBe(33);
  });

  it('a request to a business with no menu yet writes §9.3’s start in its own transaction, and a refused one leaves none behind', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const [slot] = await slotsOf(t, business.id);
    // As a business whose menu and team were never written (a kept copy of them is out of date).
    const members = db().selectFrom('team_members').select('id').where('business_id', '=', business.id);
    await db().deleteFrom('member_services').where('member_id', 'in', members).execute();
    await db().deleteFrom('team_members').where('business_id', '=', business.id).execute();
    await db().deleteFrom('services').where('business_id', '=', business.id).execute();
    await db()
      .updateTable('users')
      .set((eb) => ({ catalog_version: eb('catalog_version', '+', 1) }))
      .where('id', '=', business.id)
      .execute();

    // Refused after the start was written in its transaction (the price is under the minimum):
    // the start rolls back with it, and nothing of it may be used later.
    const refused = await call(t, 'POST', '/api/booking/book', customer, {
      ...bookingBody(business, slot!),
      price: '1',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['price']);

    const booked = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot!));
    expect(booked.statusCode, booked.body).toBe(201);
    const services = await servicesOf(business);
    expect(services.map((service) => service.name)).toEqual(['Appointment']);
    expect(booked.json().booking.ServiceID).toBe(services[0]!.id);
  });
});
