import { addDays, generateBookableSlots, MINIMUM_PRICE_DEFAULT, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createBusiness, createCustomer, EVERY_DAY, insertBooking, slotsOf } from '../helpers/marketplace';

describeEachDatabase('GET /api/booking/businesses and /available-times', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const availableTimes = (query: string) => t.app.inject({ url: `/api/booking/available-times${query}` });

  it('lists confirmed, listed businesses by business name, with the contract fields only', async () => {
    const zed = await createBusiness(t, db(), {
      business_name: 'zz Last Cuts',
      business_description: null,
      minimum_price: 45,
      home_visits_enabled: 0,
      cancellation_notice_hours: 24,
    });
    const alpha = await createBusiness(t, db(), { business_name: 'AA First Cuts', first_name: 'Ann' });
    const unlisted = await createBusiness(t, db(), { is_listed: 0 });
    const unconfirmed = await createBusiness(t, db(), { is_confirmed: 0 });
    const admin = await createBusiness(t, db(), { user_type: 'Admin', is_listed: 0 });
    const customer = await createCustomer(t, db(), { is_listed: 1 });

    const response = await t.app.inject({ url: '/api/booking/businesses?sort=name' });
    expect(response.statusCode).toBe(200);
    const { businesses } = response.json() as { businesses: { id: string }[] };
    const ids = businesses.map((b) => b.id);
    for (const hidden of [unlisted, unconfirmed, admin, customer]) expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(alpha.id)).toBeLessThan(ids.indexOf(zed.id));
    expect(businesses.find((b) => b.id === alpha.id)).toEqual({
      id: alpha.id,
      FirstName: 'Ann',
      LastName: 'Barber',
      BusinessName: 'AA First Cuts',
      BusinessDescription: 'Fades and beards',
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      BusinessTown: 'Belfast',
      minimumPrice: 20,
      services: ['Appointment'],
      homeVisitsEnabled: true,
      homeVisitDistricts: [],
      cancellationNoticeHours: 0,
      nextAvailable: (await slotsOf(t, alpha.id))[0],
      rating: { average: null, count: 0 },
    });
    expect(businesses.find((b) => b.id === zed.id)).toMatchObject({
      BusinessDescription: '',
      minimumPrice: 45,
      services: ['Appointment'],
      homeVisitsEnabled: false,
      homeVisitDistricts: [],
      cancellationNoticeHours: 24,
    });
  });

  it('falls back to the default minimum price when a business has none', async () => {
    const business = await createBusiness(t, db(), { minimum_price: null });
    const { businesses } = (await t.app.inject({ url: '/api/booking/businesses' })).json();
    expect(businesses.find((b: { id: string }) => b.id === business.id).minimumPrice).toBe(
      MINIMUM_PRICE_DEFAULT,
    );
  });

  it('returns the business, its hours, its away dates and its bookable slots', async () => {
    const business = await createBusiness(t, db(), {
      availability: {
        Monday: [{ start: '09:00', end: '12:00' }],
        Saturday: [{ start: '10:00', end: '14:00' }],
      },
    });
    const today = todayInLondon(t.clock.now());
    const awayStart = addDays(today, 3);
    await db()
      .insertInto('away_dates')
      .values([
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          user_id: business.id,
          start_date: awayStart,
          end_date: addDays(today, 9),
          reason: 'Private reason',
          status: 'active',
          created_at: '2025-01-01T00:00:00.000Z',
        },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000002',
          user_id: business.id,
          start_date: addDays(today, -20),
          end_date: addDays(today, -10),
          reason: null,
          status: 'active',
          created_at: '2025-01-01T00:00:00.000Z',
        },
      ])
      .execute();
    const response = await availableTimes(`?businessId=${business.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const availability = {
      Monday: [{ start: '09:00', end: '12:00' }],
      Saturday: [{ start: '10:00', end: '14:00' }],
    };
    const awayDates = [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        startDate: awayStart,
        endDate: addDays(today, 9),
        createdAt: Date.parse('2025-01-01T00:00:00.000Z'),
        status: 'active',
      },
    ];
    expect(body).toEqual({
      business: {
        id: business.id,
        FirstName: 'Bob',
        LastName: 'Barber',
        BusinessName: expect.stringMatching(/^Bob Cuts/),
        BusinessDescription: 'Fades and beards',
        BusinessAddress: '2 High Street, Belfast, BT1 2AB',
        BusinessTown: 'Belfast',
        minimumPrice: 20,
        services: ['Appointment'],
        homeVisitsEnabled: true,
        homeVisitDistricts: [],
        availability,
        awayDates,
        cancellationNoticeHours: 0,
        nextAvailable: body.slots[0],
        rating: { average: null, count: 0 },
        onlinePayment: null,
      },
      availability,
      awayDates,
      slots: generateBookableSlots({
        availability,
        awayDates: [{ startDate: awayStart, endDate: addDays(today, 9) }],
        now: t.clock.now(),
      }),
      // §9.3's start: one service, an hour at the minimum price, the owner doing it.
      services: [
        {
          id: expect.any(String),
          name: 'Appointment',
          durationMinutes: 60,
          minimumPrice: 20,
          description: null,
        },
      ],
      team: [{ id: expect.any(String), name: 'Bob', serviceIds: [body.services[0].id] }],
      serviceId: body.services[0].id,
      memberId: null,
    });
    expect(body.slots.length).toBeGreaterThan(0);
    for (const slot of body.slots as string[]) {
      expect(slot >= awayStart && slot <= `${addDays(today, 9)} 23:59`).toBe(false);
      expect(slot.slice(11)).toMatch(/^(09|10|11|12|13):00$/);
    }
  });

  it('leaves out hours already Approved or Confirmed, but not Requested or Countered ones', async () => {
    const business = await createBusiness(t, db(), { availability: EVERY_DAY });
    const customer = await createCustomer(t, db());
    const [first, second, third, fourth] = await slotsOf(t, business.id);
    await insertBooking(t, db(), { business, customer, startsAt: first!, status: 'Approved' });
    await insertBooking(t, db(), { business, customer, startsAt: second!, status: 'Confirmed' });
    await insertBooking(t, db(), { business, customer, startsAt: third!, status: 'Requested' });
    await insertBooking(t, db(), {
      business,
      customer,
      startsAt: fourth!,
      status: 'Countered',
      counterPrice: 40,
    });
    const slots = await slotsOf(t, business.id);
    expect(slots).not.toContain(first);
    expect(slots).not.toContain(second);
    expect(slots).toContain(third);
    expect(slots).toContain(fourth);
  });

  it('offers no slot in the past: the clock decides', async () => {
    const business = await createBusiness(t, db());
    const slots = await slotsOf(t, business.id);
    const now = t.clock.now();
    expect(slots.every((slot) => slot > todayInLondon(now))).toBe(true);
    expect(slots.at(-1)! <= `${addDays(todayInLondon(now), 28)} 23:59`).toBe(true);
  });

  it('answers 404 for unknown, unlisted, unconfirmed and customer ids', async () => {
    const unlisted = await createBusiness(t, db(), { is_listed: 0 });
    const unconfirmed = await createBusiness(t, db(), { is_confirmed: 0 });
    const customer = await createCustomer(t, db());
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'nope',
      '12',
      unlisted.id,
      unconfirmed.id,
      customer.id,
    ]) {
      const response = await availableTimes(`?businessId=${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'NotFound', message: 'Business not found.' });
    }
  });

  it('answers 400 for a missing, empty or overlong businessId', async () => {
    for (const query of ['', '?businessId=', '?businessId=%20', `?businessId=${'x'.repeat(65)}`]) {
      const response = await availableTimes(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('ValidationError');
    }
  });
});
