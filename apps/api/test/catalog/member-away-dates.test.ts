import { addDays, MESSAGES, SERVICE_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { call } from '../helpers/marketplace';
import { teamShops } from './team-shop';

describeEachDatabase('a team member’s own away days (api-contract §9.3, issue 32 item 2)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const { shop, lastDay, slots, request, approve } = teamShops(() => t, db);
  const setSam = (s: Awaited<ReturnType<typeof shop>>, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/user/team/${s.sam}`, s.business, { name: 'Sam', serviceIds: [s.fade], ...body });

  it('takes the member’s days away while the shop stays open: anyone’s starts stay, theirs go, approvals pass them by', async () => {
    const s = await shop();
    const day = lastDay();
    const away = { startDate: day, endDate: day, reason: 'Holiday' };
    const saved = await setSam(s, { awayDates: [away] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().member.awayDates).toEqual([away]);
    const team = (await call(t, 'GET', '/api/user/team', s.business)).json().team;
    expect(team[1].awayDates).toEqual([away]);
    // The public team does not say who is away, or why.
    const publicTeam = (await t.app.inject({ url: `/api/booking/team?businessId=${s.business.id}` })).json()
      .team;
    expect(publicTeam[1]).not.toHaveProperty('awayDates');

    expect(await slots(s.business, { serviceId: s.fade, memberId: s.sam })).not.toContain(`${day} 10:00`);
    expect(await slots(s.business, { serviceId: s.fade, memberId: s.sam })).toContain(
      `${addDays(day, -7)} 10:00`,
    );
    expect(await slots(s.business, { serviceId: s.fade })).toContain(`${day} 10:00`);
    // Asking for Sam that day: refused as any time outside their hours is.
    expect((await request(s.business, `${day} 10:00`, s.fade, s.sam)).statusCode).toBe(400);

    const first = (await request(s.business, `${day} 10:00`, s.fade)).json().booking.id;
    const second = (await request(s.business, `${day} 10:00`, s.fade)).json().booking.id;
    expect((await approve(s.business, first)).json().booking.MemberName).toBe('Bob');
    const refused = await approve(s.business, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SlotTaken');

    // Back from holiday (the period removed): Sam takes the second.
    expect((await setSam(s, { awayDates: [] })).json().member.awayDates).toEqual([]);
    expect((await approve(s.business, second)).json().booking.MemberName).toBe('Sam');
  });

  it('never over the member’s agreed bookings (409, nothing changed); one kept outside earlier hours does not stop a rename', async () => {
    const s = await shop();
    const day = lastDay();
    const booked = (await request(s.business, `${day} 14:00`, s.fade, s.sam)).json().booking.id;
    expect((await approve(s.business, booked)).statusCode).toBe(200);

    const overBooking = await setSam(s, { awayDates: [{ startDate: addDays(day, -1), endDate: day }] });
    expect(overBooking.statusCode).toBe(409);
    expect(overBooking.json()).toEqual({
      code: 'MemberHasBookings',
      message: SERVICE_MESSAGES.memberBookingsOutside,
    });
    const hoursWithout = await setSam(s, {
      availability: Object.fromEntries(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [
          d,
          ['09:00-12:00'],
        ]),
      ),
    });
    expect(hoursWithout.statusCode).toBe(409);
    expect(hoursWithout.json().code).toBe('MemberHasBookings');
    const team = (await call(t, 'GET', '/api/user/team', s.business)).json().team;
    expect(team[1]).toMatchObject({ name: 'Sam', availability: null, awayDates: [] });

    // The day before is fine; so is renaming with the booking in place.
    expect(
      (await setSam(s, { awayDates: [{ startDate: addDays(day, -1), endDate: addDays(day, -1) }] }))
        .statusCode,
    ).toBe(200);
    expect((await setSam(s, { name: 'Samuel' })).statusCode).toBe(200);
  });

  it('bad periods are a 400 with their message', async () => {
    const s = await shop();
    const day = lastDay();
    const cases: [unknown, string][] = [
      [[{ startDate: day, endDate: addDays(day, -1) }], MESSAGES.awayStartAfterEnd],
      [[{ startDate: '2026-02-30', endDate: day }], MESSAGES.awayDateFormat],
      [[{ startDate: '2001-01-01', endDate: day }], MESSAGES.awayInPast],
      [[{ startDate: day, endDate: '2099-01-01' }], MESSAGES.awayTooFarAhead],
      [[{ startDate: day, endDate: day, reason: 'x'.repeat(101) }], MESSAGES.awayReasonMax],
      ['soon', MESSAGES.awayDateFormat],
      [
        Array.from({ length: 51 }, () => ({ startDate: day, endDate: day })),
        SERVICE_MESSAGES.tooManyMemberAwayDates,
      ],
    ];
    for (const [awayDates, message] of cases) {
      const answer = await setSam(s, { awayDates });
      expect(answer.statusCode, JSON.stringify(awayDates).slice(0, 80)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const team = (await call(t, 'GET', '/api/user/team', s.business)).json().team;
    expect(team[1].awayDates).toEqual([]);
  });

  it('a damaged stored value never breaks a read: the list, the times and the team still answer', async () => {
    const s = await shop();
    for (const damaged of ['not json', '[null, {"startDate": 1}]', '{"startDate": "2026-12-01"}']) {
      await db().updateTable('team_members').set({ away_dates: damaged }).where('id', '=', s.sam).execute();
      // As the app's own writes do, so the damaged value is read, not a kept copy (migration 0025).
      await db()
        .updateTable('users')
        .set((eb) => ({ catalog_version: eb('catalog_version', '+', 1) }))
        .where('id', '=', s.business.id)
        .execute();
      expect((await slots(s.business, { serviceId: s.fade, memberId: s.sam })).length).toBeGreaterThan(0);
      expect((await call(t, 'GET', '/api/user/team', s.business)).json().team[1].awayDates).toEqual([]);
      expect((await t.app.inject({ url: '/api/booking/businesses' })).statusCode).toBe(200);
    }
  });
});
