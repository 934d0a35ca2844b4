import { SERVICE_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { call, createCustomer } from '../helpers/marketplace';
import { teamShops } from './team-shop';

describeEachDatabase('time blocked on one member’s diary (issue 32 item 6)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const teams = teamShops(() => t, db);
  const { lastDay, slots, request, approve } = teams;
  /** Bob (the owner) and Sam, both doing 30-minute fades, starts every 15 minutes. */
  const shop = () => teams.shop({ slotStepMinutes: 15 });

  it('holds the member’s time as a booking does: their starts go, the shop’s stay; freed, it is bookable again', async () => {
    const s = await shop();
    const day = lastDay();
    const blocked = await call(t, 'POST', '/api/user/blocks', s.business, {
      memberId: s.sam,
      date: day,
      start: '10:00',
      end: '11:00',
      reason: 'Lunch',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const block = blocked.json().block;
    expect(block).toEqual({
      id: expect.any(String),
      memberId: s.sam,
      date: day,
      start: '10:00',
      end: '11:00',
      reason: 'Lunch',
    });
    expect((await call(t, 'GET', '/api/user/blocks', s.business)).json().blocks).toEqual([block]);

    const sams = await slots(s.business, { serviceId: s.fade, memberId: s.sam });
    for (const gone of ['09:45', '10:00', '10:30', '10:45']) expect(sams).not.toContain(`${day} ${gone}`);
    expect(sams).toContain(`${day} 09:30`);
    expect(sams).toContain(`${day} 11:00`);
    expect(await slots(s.business, { serviceId: s.fade })).toContain(`${day} 10:00`);

    // Asking for Sam in it: refused. Two asking for anyone: the first gets Bob, the second nobody.
    expect((await request(s.business, `${day} 10:00`, s.fade, s.sam)).statusCode).toBe(409);
    const first = (await request(s.business, `${day} 10:00`, s.fade)).json().booking.id;
    const second = (await request(s.business, `${day} 10:00`, s.fade)).json().booking.id;
    expect((await approve(s.business, first)).json().booking.MemberName).toBe('Bob');
    const refused = await approve(s.business, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SlotTaken');

    expect((await call(t, 'DELETE', `/api/user/blocks/${block.id}`, s.business)).statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/user/blocks', s.business)).json().blocks).toEqual([]);
    const approved = await approve(s.business, second);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking.MemberName).toBe('Sam');
  });

  it('never over the member’s agreed booking (409), and bad input is a 400 with its message', async () => {
    const s = await shop();
    const day = lastDay();
    const booked = (await request(s.business, `${day} 14:00`, s.fade, s.sam)).json().booking.id;
    expect((await approve(s.business, booked)).statusCode).toBe(200);
    const block = (body: Record<string, unknown>) =>
      call(t, 'POST', '/api/user/blocks', s.business, { memberId: s.sam, date: day, ...body });

    const clash = await block({ start: '14:15', end: '15:00' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'SlotTaken', message: SERVICE_MESSAGES.blockOverlaps });
    // Right after it, or on Bob's diary: fine.
    expect((await block({ start: '14:30', end: '15:00' })).statusCode).toBe(201);
    expect((await block({ memberId: s.owner, start: '14:00', end: '15:00' })).statusCode).toBe(201);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ start: '12:00', end: '11:00' }, 'end', SERVICE_MESSAGES.blockOrder],
      [{ start: '12:00', end: '12:00' }, 'end', SERVICE_MESSAGES.blockOrder],
      [{ start: '25:00', end: '26:00' }, 'start', SERVICE_MESSAGES.blockStart],
      [{ date: '2026-02-30', start: '10:00', end: '11:00' }, 'date', SERVICE_MESSAGES.blockDate],
      [{ date: '2001-01-01', start: '10:00', end: '11:00' }, 'start', SERVICE_MESSAGES.blockPast],
      [{ date: '2099-01-01', start: '10:00', end: '11:00' }, 'date', SERVICE_MESSAGES.blockTooFar],
      [
        { start: '10:00', end: '11:00', reason: 'x'.repeat(101) },
        'reason',
        SERVICE_MESSAGES.blockReasonTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await block(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors[field]).toBe(message);
    }
    expect((await call(t, 'GET', '/api/user/blocks', s.business)).json().blocks).toHaveLength(2);
  });

  describe('ownership', () => {
    it('another business’s member or block is 404; a customer 403', async () => {
      const s = await shop();
      const other = await shop();
      const body = { memberId: other.sam, date: lastDay(), start: '10:00', end: '11:00' };
      expect((await call(t, 'POST', '/api/user/blocks', s.business, body)).statusCode).toBe(404);
      const theirs = (await call(t, 'POST', '/api/user/blocks', other.business, body)).json().block.id;
      expect((await call(t, 'DELETE', `/api/user/blocks/${theirs}`, s.business)).statusCode).toBe(404);
      expect((await call(t, 'GET', '/api/user/blocks', s.business)).json().blocks).toEqual([]);
      const customer = await createCustomer(t, db());
      expect((await call(t, 'GET', '/api/user/blocks', customer)).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/user/blocks', customer, body)).statusCode).toBe(403);
    });
  });
});
