import { type Availability, bookingTimeOf, bookingTimesOverlap, bookingWindow } from '@app/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isOverlapViolation } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
} from '../helpers/marketplace';

const FADE = { name: 'Skin fade', durationMinutes: 30, minimumPrice: 18 };
const BEARD = { name: 'Beard trim', durationMinutes: 15, minimumPrice: 10 };
const CUT_AND_BEARD = { name: 'Cut and beard', durationMinutes: 45, minimumPrice: 28 };
const RACERS = 50;

interface Shop {
  business: Actor;
  fade: string;
  beard: string;
  cutAndBeard: string;
  /** The owner (Bob, who does everything), Sam (everything), Alex (fades and beards). */
  owner: string;
  sam: string;
  alex: string;
}

describeEachDatabase('a team: each member’s own diary (api-contract §9.3)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const created = async (url: string, business: Actor, body: unknown, key: string) => {
    const response = await call(t, 'POST', url, business, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json()[key].id as string;
  };

  /** A three-member shop stepping every 15 minutes, open 09:00-17:00 every day. */
  async function shop(): Promise<Shop> {
    const business = await createBusiness(t, db());
    expect(
      (await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes: 15 })).statusCode,
    ).toBe(200);
    const fade = await created('/api/user/services', business, FADE, 'service');
    const beard = await created('/api/user/services', business, BEARD, 'service');
    const cutAndBeard = await created('/api/user/services', business, CUT_AND_BEARD, 'service');
    const team = (await call(t, 'GET', '/api/user/team', business)).json().team as { id: string }[];
    const sam = await created(
      '/api/user/team',
      business,
      { name: 'Sam', serviceIds: [fade, beard, cutAndBeard] },
      'member',
    );
    const alex = await created(
      '/api/user/team',
      business,
      { name: 'Alex', serviceIds: [fade, beard] },
      'member',
    );
    return { business, fade, beard, cutAndBeard, owner: team[0]!.id, sam, alex };
  }

  const times = async (business: Actor, query: Record<string, string>) =>
    t.app.inject({
      url: `/api/booking/available-times?${new URLSearchParams({ businessId: business.id, ...query })}`,
    });
  /** The last day of the window: wholly ahead, whatever the time now. */
  const lastDay = () => bookingWindow(t.clock.now()).last;

  const request = async (shop: Shop, at: string, serviceId: string, extra: Record<string, unknown> = {}) => {
    const customer = await createCustomer(t, db());
    return call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(shop.business, at, { serviceId, price: '40', ...extra }),
    );
  };
  const approve = (shop: Shop, bookingId: string, memberId?: string) =>
    call(t, 'PATCH', '/api/booking/setstatus', shop.business, {
      businessId: shop.business.id,
      bookingId,
      status: 'Approved',
      ...(memberId ? { memberId } : {}),
    });

  it('three customers, one time, "Anyone": approved onto three barbers; a fourth finds it gone', async () => {
    const s = await shop();
    const at = `${lastDay()} 10:00`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const booked = await request(s, at, s.fade);
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().booking).toMatchObject({ MemberID: null, MemberName: null });
      ids.push(booked.json().booking.id);
    }
    const members = [];
    for (const id of ids) {
      const approved = await approve(s, id);
      expect(approved.statusCode, approved.body).toBe(200);
      members.push(approved.json().booking.MemberName);
    }
    // In the team's order: the owner first.
    expect(members).toEqual(['Bob', 'Sam', 'Alex']);
    const gone = await times(s.business, { serviceId: s.fade });
    expect(gone.json().slots).not.toContain(at);
    expect(gone.json().slots).toContain(`${lastDay()} 10:30`);
    // A fourth request for that time: nobody who does it is free.
    const fourth = await request(s, at, s.fade);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('SlotTaken');
  });

  it('a customer may ask for a barber: their own free times, their name on the booking', async () => {
    const s = await shop();
    const day = lastDay();
    const notTheirs = await times(s.business, { serviceId: s.cutAndBeard, memberId: s.alex });
    expect(notTheirs.statusCode).toBe(400);
    expect(Object.keys(notTheirs.json().errors)).toEqual(['memberId']);
    const withAlex = await request(s, `${day} 10:00`, s.cutAndBeard, { memberId: s.alex });
    expect(withAlex.statusCode).toBe(400);

    const booked = await request(s, `${day} 10:00`, s.fade, { memberId: s.sam });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking).toMatchObject({ MemberID: s.sam, MemberName: 'Sam' });
    const approved = await approve(s, booked.json().booking.id);
    expect(approved.json().booking).toMatchObject({ MemberID: s.sam, MemberName: 'Sam', Status: 'Approved' });
    // The approval's email says what, how long and with whom (and so do the reminders: one template).
    await t.app.outbox.drain();
    const [email] = t.mailer.to(booked.json().booking.customerEmail);
    expect(email?.text).toContain('Service: Skin fade · 30 min · with Sam');

    const sams = (await times(s.business, { serviceId: s.fade, memberId: s.sam })).json().slots as string[];
    // Sam's 10:00-10:30 is taken: a 30-minute fade cannot start at 09:45 or 10:15 with him.
    expect(sams).toContain(`${day} 09:30`);
    expect(sams).not.toContain(`${day} 09:45`);
    expect(sams).not.toContain(`${day} 10:15`);
    expect(sams).toContain(`${day} 10:30`);
    // With anyone, it is still free.
    expect((await times(s.business, { serviceId: s.fade })).json().slots).toContain(`${day} 10:00`);
    // Asking Sam for that time again: taken.
    const again = await request(s, `${day} 10:15`, s.beard, { memberId: s.sam });
    expect(again.statusCode).toBe(409);
  });

  it('the business names the member when approving: one who does it and is free', async () => {
    const s = await shop();
    const at = `${lastDay()} 11:00`;
    const first = (await request(s, at, s.cutAndBeard)).json().booking.id;
    const notAlex = await approve(s, first, s.alex);
    expect(notAlex.statusCode).toBe(400);
    expect(Object.keys(notAlex.json().errors)).toEqual(['memberId']);
    const sam = await approve(s, first, s.sam);
    expect(sam.statusCode, sam.body).toBe(200);
    expect(sam.json().booking).toMatchObject({ MemberName: 'Sam', DurationMinutes: 45 });
    const second = (await request(s, `${lastDay()} 11:30`, s.beard)).json().booking.id;
    const busy = await approve(s, second, s.sam);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('SlotTaken');
    expect((await approve(s, second, s.alex)).json().booking.MemberName).toBe('Alex');
  });

  it('a member with agreed bookings to come stays (409 MemberHasBookings); a request naming a removed one goes to anyone', async () => {
    const s = await shop();
    const day = lastDay();
    const withSam = (await request(s, `${day} 09:00`, s.fade, { memberId: s.sam })).json().booking.id;
    expect((await approve(s, withSam)).json().booking.MemberName).toBe('Sam');
    const refused = await call(t, 'DELETE', `/api/user/team/${s.sam}`, s.business);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MemberHasBookings');

    const withAlex = (await request(s, `${day} 13:00`, s.fade, { memberId: s.alex })).json().booking.id;
    expect((await call(t, 'DELETE', `/api/user/team/${s.alex}`, s.business)).statusCode).toBe(204);
    const approved = await approve(s, withAlex);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking.MemberName).toBe('Bob');
  });

  it(`${RACERS} approvals at once of overlapping requests: no member holds two overlapping bookings`, async () => {
    const s = await shop();
    const day = lastDay();
    const kinds = [s.fade, s.beard, s.cutAndBeard];
    const starts = ['10:00', '10:15', '10:30'];
    const ids: string[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const booked = await request(s, `${day} ${starts[i % 3]}`, kinds[Math.floor(i / 3) % 3]!);
      expect(booked.statusCode, booked.body).toBe(201);
      ids.push(booked.json().booking.id);
    }
    const responses = await Promise.all(ids.map((id) => approve(s, id)));
    for (const response of responses) expect([200, 409]).toContain(response.statusCode);
    const agreed = await db()
      .selectFrom('bookings')
      .select(['member_id', 'starts_at', 'duration_minutes'])
      .where('business_id', '=', s.business.id)
      .where('status', '=', 'Approved')
      .execute();
    expect(agreed.length).toBe(responses.filter((r) => r.statusCode === 200).length);
    expect(agreed.length).toBeGreaterThanOrEqual(3);
    for (const [index, one] of agreed.entries()) {
      expect(one.member_id).not.toBeNull();
      for (const other of agreed.slice(index + 1)) {
        if (one.member_id !== other.member_id) continue;
        expect(
          bookingTimesOverlap(
            bookingTimeOf(one.starts_at, one.duration_minutes),
            bookingTimeOf(other.starts_at, other.duration_minutes),
          ),
        ).toBe(false);
      }
    }
  });

  it('the database alone refuses the second of two overlapping approvals written at once', async () => {
    const s = await shop();
    const day = lastDay();
    const customer = await createCustomer(t, db());
    const [a, b] = await Promise.all(
      [`${day} 12:00`, `${day} 12:15`].map((startsAt) =>
        insertBooking(t, db(), {
          business: s.business,
          customer,
          startsAt,
          memberId: s.alex,
          durationMinutes: 30,
        }),
      ),
    );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const approveRow = (id: string, wait: boolean) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('bookings').set({ status: 'Approved' }).where('id', '=', id).execute();
          if (wait) await gate;
        });
    const first = approveRow(a!.id, true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = approveRow(b!.id, false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const [one, two] = await Promise.allSettled([first, second]);
    expect(one.status).toBe('fulfilled');
    expect(two.status).toBe('rejected');
    expect(isOverlapViolation((two as PromiseRejectedResult).reason)).toBe(true);
  });

  // The model: a start fits a member who does the service (the one asked for, if any) when it
  // sits on their hours' step grid, ends inside them and meets none of their bookings.
  it('agrees with a model of random services, members, hours and bookings', async () => {
    const clock = (minute: number) =>
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const hours = fc
      .tuple(fc.integer({ min: 32, max: 48 }), fc.integer({ min: 8, max: 36 }))
      .map(([start, quarters]) => ({ start: start * 15, end: start * 15 + quarters * 15 }));
    const everyDay = (range: { start: number; end: number }): Availability =>
      Object.fromEntries(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
          day,
          [{ start: clock(range.start), end: clock(range.end) }],
        ]),
      );
    const scenario = fc.record({
      hours,
      step: fc.constantFrom(15, 30, 60),
      services: fc.array(
        fc.integer({ min: 1, max: 8 }).map((quarters) => quarters * 15),
        { minLength: 1, maxLength: 3 },
      ),
      members: fc.array(
        fc.record({
          own: fc.option(hours, { nil: null }),
          does: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
          bookings: fc.array(
            fc.record({
              start: fc.integer({ min: 32, max: 70 }).map((q) => q * 15),
              minutes: fc.integer({ min: 1, max: 6 }).map((q) => q * 15),
            }),
            { maxLength: 4 },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ hours: open, step, services, members }) => {
        const business = await createBusiness(t, db(), { availability: everyDay(open) });
        await call(t, 'PUT', '/api/user/booking-settings', business, { slotStepMinutes: step });
        const serviceIds: string[] = [];
        for (const [index, minutes] of services.entries()) {
          serviceIds.push(
            await created(
              '/api/user/services',
              business,
              { name: `S${index}`, durationMinutes: minutes, minimumPrice: 10 },
              'service',
            ),
          );
        }
        // The owner goes: the team is the generated members (each doing at least one service).
        const [owner] = (await call(t, 'GET', '/api/user/team', business)).json().team as { id: string }[];
        const day = lastDay();
        const customer = await createCustomer(t, db());
        const team: {
          id: string;
          does: string[];
          range: { start: number; end: number };
          taken: { start: number; end: number }[];
        }[] = [];
        for (const [index, member] of members.entries()) {
          const does = serviceIds.filter((_, i) => member.does[i]);
          if (does.length === 0) does.push(serviceIds[0]!);
          const id = await created(
            '/api/user/team',
            business,
            {
              name: `M${index}`,
              serviceIds: does,
              ...(member.own ? { availability: everyDay(member.own) } : {}),
            },
            'member',
          );
          const taken: { start: number; end: number }[] = [];
          for (const booking of member.bookings) {
            if (
              taken.some(
                (other) => other.start < booking.start + booking.minutes && booking.start < other.end,
              )
            )
              continue;
            await insertBooking(t, db(), {
              business,
              customer,
              startsAt: `${day} ${clock(booking.start)}`,
              status: 'Approved',
              memberId: id,
              durationMinutes: booking.minutes,
            });
            taken.push({ start: booking.start, end: booking.start + booking.minutes });
          }
          team.push({ id, does, range: member.own ?? open, taken });
        }
        expect((await call(t, 'DELETE', `/api/user/team/${owner!.id}`, business)).statusCode).toBe(204);

        for (const [index, serviceId] of serviceIds.entries()) {
          const duration = services[index]!;
          for (const asked of [undefined, ...team.map((member) => member.id)]) {
            const expected = new Set<string>();
            for (const member of team) {
              if (!member.does.includes(serviceId) || (asked && member.id !== asked)) continue;
              for (let start = member.range.start; start + duration <= member.range.end; start += step) {
                if (!member.taken.some((b) => b.start < start + duration && start < b.end))
                  expected.add(`${day} ${clock(start)}`);
              }
            }
            const response = await times(business, { serviceId, ...(asked ? { memberId: asked } : {}) });
            const doesIt = !asked || team.find((member) => member.id === asked)!.does.includes(serviceId);
            if (!doesIt) {
              expect(response.statusCode).toBe(400);
              continue;
            }
            expect(response.statusCode, response.body).toBe(200);
            const offered = (response.json().slots as string[]).filter((slot) => slot.startsWith(day));
            expect(offered).toEqual([...expected].sort());
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
