import { randomUUID } from 'node:crypto';
import { SERVICE_MESSAGES } from '@app/domain';
import { type MigrationProvider, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import { newUserRow } from '../../src/db/new-user-row';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';

const beard = { name: 'Beard trim', durationMinutes: 30, minimumPrice: 12, description: 'Shape and line-up' };

describeEachDatabase('services and team (api-contract §9.3)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const servicesOf = async (business: Actor) =>
    (await t.app.inject({ url: `/api/booking/services?businessId=${business.id}` })).json().services;
  const teamOf = async (business: Actor) =>
    (await t.app.inject({ url: `/api/booking/team?businessId=${business.id}` })).json().team;

  describe('what a business starts with', () => {
    it('one service, Appointment (an hour at its minimum price), and its owner doing it', async () => {
      const business = await createBusiness(t, db(), { minimum_price: 22, first_name: 'Conor' });
      const services = await servicesOf(business);
      expect(services).toEqual([
        {
          id: expect.any(String),
          name: 'Appointment',
          durationMinutes: 60,
          minimumPrice: 22,
          description: null,
        },
      ]);
      expect(await teamOf(business)).toEqual([
        { id: expect.any(String), name: 'Conor', serviceIds: [services[0].id], availability: null },
      ]);
      // Read again: the same ones, not a second start.
      expect(await servicesOf(business)).toEqual(services);
    });

    it('another instance on the same database sees a change of the menu at once (its kept copy is not used)', async () => {
      const other = await createTestApp(db());
      try {
        const business = await createBusiness(t, db());
        const elsewhere = async () =>
          (await other.app.inject({ url: `/api/booking/services?businessId=${business.id}` })).json()
            .services;
        const [appointment] = await elsewhere();
        const changed = await call(t, 'PUT', `/api/user/services/${appointment.id}`, business, {
          ...beard,
          name: 'Skin fade',
        });
        expect(changed.statusCode, changed.body).toBe(200);
        expect((await elsewhere()).map((service: { name: string }) => service.name)).toEqual(['Skin fade']);
        expect((await call(t, 'POST', '/api/user/services', business, beard)).statusCode).toBe(201);
        expect((await elsewhere()).map((service: { name: string }) => service.name)).toEqual([
          'Skin fade',
          'Beard trim',
        ]);
      } finally {
        await other.close();
      }
    });

    it('answers 404 for an id that is not a listed business', async () => {
      const customer = await createCustomer(t, db());
      for (const id of [customer.id, randomUUID()]) {
        const answer = await t.app.inject({ url: `/api/booking/services?businessId=${id}` });
        expect(answer.statusCode).toBe(404);
        expect((await t.app.inject({ url: `/api/booking/team?businessId=${id}` })).statusCode).toBe(404);
      }
      expect((await t.app.inject({ url: '/api/booking/services' })).statusCode).toBe(400);
    });
  });

  describe('services', () => {
    it('adds one in order; whoever did every service does it too, a member who did not, not', async () => {
      const business = await createBusiness(t, db(), { first_name: 'Conor' });
      const [appointment] = await servicesOf(business);
      const added = await call(t, 'POST', '/api/user/services', business, beard);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().service).toEqual({ id: expect.any(String), ...beard });
      const apprentice = await call(t, 'POST', '/api/user/team', business, {
        name: 'Niamh',
        serviceIds: [appointment.id],
      });
      expect(apprentice.statusCode, apprentice.body).toBe(201);
      const colour = await call(t, 'POST', '/api/user/services', business, {
        name: 'Colour',
        durationMinutes: 90,
        minimumPrice: '45',
      });
      expect(colour.json().service).toMatchObject({
        durationMinutes: 90,
        minimumPrice: 45,
        description: null,
      });
      expect((await servicesOf(business)).map((service: { name: string }) => service.name)).toEqual([
        'Appointment',
        'Beard trim',
        'Colour',
      ]);
      const team = await teamOf(business);
      expect(
        team.map((member: { name: string; serviceIds: string[] }) => [member.name, member.serviceIds.length]),
      ).toEqual([
        ['Conor', 3],
        ['Niamh', 1],
      ]);
    });

    it.each([
      [{ ...beard, name: '  ' }, 'name', SERVICE_MESSAGES.nameRequired],
      [{ ...beard, name: 'x'.repeat(61) }, 'name', SERVICE_MESSAGES.nameTooLong],
      [{ ...beard, durationMinutes: 20 }, 'durationMinutes', SERVICE_MESSAGES.duration],
      [{ ...beard, durationMinutes: 255 }, 'durationMinutes', SERVICE_MESSAGES.duration],
      [{ ...beard, durationMinutes: '30' }, 'durationMinutes', SERVICE_MESSAGES.duration],
      [{ ...beard, minimumPrice: 0 }, 'minimumPrice', undefined],
      [{ ...beard, description: 'x'.repeat(301) }, 'description', SERVICE_MESSAGES.descriptionTooLong],
    ])('refuses %j with a 400 on %s, writing nothing', async (body, field, message) => {
      const business = await createBusiness(t, db());
      const refused = await call(t, 'POST', '/api/user/services', business, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('ValidationError');
      expect(Object.keys(refused.json().errors ?? {})).toContain(field);
      if (message) expect(refused.json().errors[field]).toBe(message);
      expect(await servicesOf(business)).toHaveLength(1);
    });

    it('changes and removes its own; another business’s is 404, a customer 403, the last one 409', async () => {
      const business = await createBusiness(t, db());
      const other = await createBusiness(t, db());
      const customer = await createCustomer(t, db());
      const { service } = (await call(t, 'POST', '/api/user/services', business, beard)).json();
      const changed = await call(t, 'PUT', `/api/user/services/${service.id}`, business, {
        ...beard,
        minimumPrice: 14,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().service.minimumPrice).toBe(14);
      expect((await call(t, 'PUT', `/api/user/services/${service.id}`, other, beard)).statusCode).toBe(404);
      expect((await call(t, 'DELETE', `/api/user/services/${service.id}`, other)).statusCode).toBe(404);
      expect((await call(t, 'POST', '/api/user/services', customer, beard)).statusCode).toBe(403);
      expect((await call(t, 'DELETE', `/api/user/services/${service.id}`, customer)).statusCode).toBe(403);

      expect((await call(t, 'DELETE', `/api/user/services/${service.id}`, business)).statusCode).toBe(204);
      const [last] = await servicesOf(business);
      const refused = await call(t, 'DELETE', `/api/user/services/${last.id}`, business);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'LastService', message: SERVICE_MESSAGES.lastService });
      // Nobody does a removed service any more.
      expect((await teamOf(business))[0].serviceIds).toEqual([last.id]);
    });

    it('of two removals of the last two services at once, exactly one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const business = await createBusiness(t, db());
        await call(t, 'POST', '/api/user/services', business, beard);
        const [first, second] = await servicesOf(business);
        const answers = await Promise.all([
          call(t, 'DELETE', `/api/user/services/${first.id}`, business),
          call(t, 'DELETE', `/api/user/services/${second.id}`, business),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
        expect(await servicesOf(business)).toHaveLength(1);
      }
    });

    it('keeps the business’s own minimum price (its profile’s, Configuration’s) at its first service’s, whichever that is', async () => {
      const business = await createBusiness(t, db(), { minimum_price: 22 });
      const minimumOf = async () =>
        (await call(t, 'GET', '/api/user/userdetails', business)).json().minimumPrice as number;
      const [appointment] = await servicesOf(business);
      const { service: trim } = (await call(t, 'POST', '/api/user/services', business, beard)).json();
      expect(await minimumOf()).toBe(22);
      const change = async (id: string, fields: Record<string, unknown>) => {
        const changed = await call(t, 'PUT', `/api/user/services/${id}`, business, fields);
        expect(changed.statusCode, changed.body).toBe(200);
      };
      // The first service's own price moves it; another's does not.
      await change(appointment.id, { name: 'Appointment', durationMinutes: 60, minimumPrice: 25 });
      expect(await minimumOf()).toBe(25);
      await change(trim.id, { ...beard, minimumPrice: 14 });
      expect(await minimumOf()).toBe(25);
      // Another service first: its price.
      const order = (serviceIds: string[]) =>
        call(t, 'PUT', '/api/user/services/order', business, { serviceIds });
      expect((await order([trim.id, appointment.id])).statusCode).toBe(200);
      expect(await minimumOf()).toBe(14);
      // The first one removed: the next one's.
      expect((await call(t, 'DELETE', `/api/user/services/${trim.id}`, business)).statusCode).toBe(204);
      expect(await minimumOf()).toBe(25);
      // And Configuration's price is the first service's, as before.
      const saved = await call(t, 'PUT', '/api/user/minimum-price', business, { minimumPrice: 30 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await servicesOf(business))[0].minimumPrice).toBe(30);
      expect(await minimumOf()).toBe(30);
      // Another business cannot move it: its change of this menu is a 404, and writes nothing.
      const other = await createBusiness(t, db());
      const [first] = await servicesOf(business);
      const refused = await call(t, 'PUT', `/api/user/services/${first.id}`, other, {
        ...beard,
        minimumPrice: 5,
      });
      expect(refused.statusCode).toBe(404);
      expect(await minimumOf()).toBe(30);
      expect((await servicesOf(business))[0].minimumPrice).toBe(30);
    });

    it('a reorder and a new minimum price at once leave the business’s price its first service’s', async () => {
      for (let round = 0; round < 3; round += 1) {
        const business = await createBusiness(t, db(), { minimum_price: 22 });
        const [appointment] = await servicesOf(business);
        const { service: trim } = (await call(t, 'POST', '/api/user/services', business, beard)).json();
        const answers = await Promise.all([
          call(t, 'PUT', '/api/user/services/order', business, { serviceIds: [trim.id, appointment.id] }),
          call(t, 'PUT', '/api/user/minimum-price', business, { minimumPrice: 40 + round }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const [first] = await servicesOf(business);
        expect(first.id).toBe(trim.id);
        const profile = (await call(t, 'GET', '/api/user/userdetails', business)).json();
        expect(profile.minimumPrice).toBe(first.minimumPrice);
      }
    });

    it('reorders when given every service once, else 400', async () => {
      const business = await createBusiness(t, db());
      await call(t, 'POST', '/api/user/services', business, beard);
      const [first, second] = await servicesOf(business);
      for (const serviceIds of [[second.id], [second.id, second.id], [second.id, randomUUID()]]) {
        const refused = await call(t, 'PUT', '/api/user/services/order', business, { serviceIds });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors.serviceIds).toBe(SERVICE_MESSAGES.order);
      }
      const reordered = await call(t, 'PUT', '/api/user/services/order', business, {
        serviceIds: [second.id, first.id],
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await servicesOf(business)).map((service: { id: string }) => service.id)).toEqual([
        second.id,
        first.id,
      ]);
    });
  });

  describe('team', () => {
    it('adds, changes and removes members; their services must be the business’s; never the last', async () => {
      const business = await createBusiness(t, db(), { first_name: 'Conor' });
      const other = await createBusiness(t, db());
      const [appointment] = await servicesOf(business);
      const [foreign] = await servicesOf(other);
      const unknown = await call(t, 'POST', '/api/user/team', business, {
        name: 'Niamh',
        serviceIds: [foreign.id],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.serviceIds).toBe(SERVICE_MESSAGES.unknownService);
      const none = await call(t, 'POST', '/api/user/team', business, { name: 'Niamh', serviceIds: [] });
      expect(none.json().errors.serviceIds).toBe(SERVICE_MESSAGES.memberServices);

      const hours = { Saturday: [{ start: '09:00', end: '13:00' }] };
      const added = await call(t, 'POST', '/api/user/team', business, {
        name: 'Niamh',
        serviceIds: [appointment.id],
        availability: hours,
      });
      expect(added.statusCode, added.body).toBe(201);
      const { member } = added.json();
      expect(member).toEqual({
        id: expect.any(String),
        name: 'Niamh',
        serviceIds: [appointment.id],
        availability: hours,
        awayDates: [],
      });
      const changed = await call(t, 'PUT', `/api/user/team/${member.id}`, business, {
        name: 'Niamh Kelly',
        serviceIds: [appointment.id],
        availability: null,
      });
      expect(changed.json().member).toMatchObject({ name: 'Niamh Kelly', availability: null });
      expect(
        (await call(t, 'PUT', `/api/user/team/${member.id}`, other, { name: 'X', serviceIds: [foreign.id] }))
          .statusCode,
      ).toBe(404);

      expect((await call(t, 'DELETE', `/api/user/team/${member.id}`, business)).statusCode).toBe(204);
      const [owner] = await teamOf(business);
      const refused = await call(t, 'DELETE', `/api/user/team/${owner.id}`, business);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'LastMember', message: SERVICE_MESSAGES.lastMember });
    });
  });

  it('the list finds a business by a service’s name and shows its menu from its lowest price', async () => {
    const business = await createBusiness(t, db(), { minimum_price: 30 });
    const word = `Balayage${randomUUID().slice(0, 8)}`;
    const added = await call(t, 'POST', '/api/user/services', business, {
      name: word,
      durationMinutes: 120,
      minimumPrice: '12',
    });
    expect(added.statusCode, added.body).toBe(201);
    const search = async (query: string) =>
      (await t.app.inject({ url: `/api/booking/businesses?${query}` })).json().businesses as {
        id: string;
        minimumPrice: number;
        services: string[];
      }[];
    const found = await search(`q=${word.toLowerCase()}`);
    expect(found.map((entry) => entry.id)).toEqual([business.id]);
    expect(found[0]).toMatchObject({ minimumPrice: 12, services: ['Appointment', word] });
    expect((await search('maxPrice=12&limit=50')).map((entry) => entry.id)).toContain(business.id);
    const page = await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` });
    expect(page.json().business).toMatchObject({ minimumPrice: 12, services: ['Appointment', word] });
  });

  it('booking settings: starts every 60 minutes until the business chooses 15 or 30', async () => {
    const business = await createBusiness(t, db());
    expect((await call(t, 'GET', '/api/user/booking-settings', business)).json()).toEqual({
      slotStepMinutes: 60,
    });
    const saved = await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes: 30 });
    expect(saved.json()).toEqual({ slotStepMinutes: 30 });
    const refused = await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes: 45 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.slotStepMinutes).toBe(SERVICE_MESSAGES.slotStep);
  });
});

const provider: MigrationProvider = { getMigrations: async () => migrations };

describeEachDatabase('migration 0018: every business gets Appointment and its owner', (database) => {
  const migrator = (db: Db) => new Migrator({ db, provider });
  afterAll(async () => {
    await migrator(database().db).migrateToLatest();
  });

  it('backfills each business, at its minimum price, and nobody else', async () => {
    const db = database().db;
    const down = await migrator(db).migrateTo('0017_payment_deadlines');
    if (down.error) throw down.error;
    const now = new Date().toISOString();
    const row = (type: 'Business' | 'User', firstName: string) => {
      const {
        slot_step_minutes: _,
        catalog_version: _version,
        ...user
      } = newUserRow({
        id: randomUUID(),
        email: `${randomUUID()}@example.com`,
        password_hash: 'x',
        user_type: type,
        first_name: firstName,
        last_name: 'Barber',
        phone_number: '+447123456789',
        address: '2 High Street, Belfast, BT1 2AB',
        birthdate: '1990-01-01',
        minimum_price: 18,
        created_at: now,
        updated_at: now,
      });
      return user;
    };
    const shop = row('Business', 'Orla');
    const customer = row('User', 'Ada');
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before migration 0018
    await (db as any).insertInto('users').values([shop, customer]).execute();
    const up = await migrator(db).migrateToLatest();
    if (up.error) throw up.error;
    const services = await db
      .selectFrom('services')
      .selectAll()
      .where('business_id', 'in', [shop.id, customer.id])
      .execute();
    expect(
      services.map((service) => [
        service.business_id,
        service.name,
        service.duration_minutes,
        service.minimum_price,
      ]),
    ).toEqual([[shop.id, 'Appointment', 60, 18]]);
    const members = await db
      .selectFrom('team_members')
      .selectAll()
      .where('business_id', '=', shop.id)
      .execute();
    expect(members.map((member) => member.name)).toEqual(['Orla']);
    const links = await db
      .selectFrom('member_services')
      .selectAll()
      .where('member_id', '=', members[0]!.id)
      .execute();
    expect(links).toEqual([{ member_id: members[0]!.id, service_id: services[0]!.id }]);
    const user = await db
      .selectFrom('users')
      .select('slot_step_minutes')
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(user.slot_step_minutes).toBe(60);
  });
});
