import { SERVICE_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createCustomer } from '../helpers/marketplace';
import { teamShops } from './team-shop';

describeEachDatabase('walk-in and phone bookings (issue 32 item 6)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const teams = teamShops(() => t, db);
  const { lastDay } = teams;
  /** Bob (the owner) and Sam do 30-minute fades; Alex does only the default hour. */
  const shop = () => teams.shop({ alex: true });
  const walkIn = (business: Actor, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/user/walk-ins', business, {
      customerName: 'Pat Walsh',
      customerPhone: '07700 900123',
      price: 20,
      ...body,
    });

  it('books a named customer into a free barber’s diary, agreed at once, with no emails; the time is gone', async () => {
    const s = await shop();
    const at = `${lastDay()} 10:00`;
    const mails = t.mailer.messages.length;
    const first = await walkIn(s.business, { serviceId: s.fade, bookingDateTime: at });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().booking).toMatchObject({
      Status: 'Approved',
      WalkIn: true,
      CustomerID: '',
      customerName: 'Pat Walsh',
      customerPhone: '07700900123',
      customerEmail: '',
      ServiceName: 'Skin fade',
      DurationMinutes: 30,
      EndDateTime: `${lastDay()} 10:30`,
      MemberName: 'Bob',
      Price: 20,
      FinalPrice: 20,
      PaymentStatus: 'NotRequired',
    });
    const second = await walkIn(s.business, { serviceId: s.fade, bookingDateTime: `${lastDay()} 10:15` });
    expect(second.json().booking.MemberName).toBe('Sam');
    // Alex does no fades: nobody is free for a third.
    const third = await walkIn(s.business, { serviceId: s.fade, bookingDateTime: at });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ code: 'SlotTaken', message: SERVICE_MESSAGES.noMemberFree });

    const slots = (
      await t.app.inject({
        url: `/api/booking/available-times?businessId=${s.business.id}&serviceId=${s.fade}`,
      })
    ).json().slots as string[];
    expect(slots).not.toContain(at);
    // In the business's list, as any agreed booking.
    const listed = (await call(t, 'GET', '/api/booking/getallbookings?status=Approved', s.business)).json()
      .bookings as { id: string; WalkIn: boolean }[];
    expect(listed.find((booking) => booking.id === first.json().booking.id)?.WalkIn).toBe(true);

    // Cancelled by the business: nobody is emailed; it has no thread to open.
    const id = first.json().booking.id as string;
    const cancelled = await call(t, 'PATCH', '/api/booking/cancel', s.business, {
      businessId: s.business.id,
      bookingId: id,
      reason: 'Ill',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await call(t, 'GET', `/api/booking/messages?bookingId=${id}`, s.business)).statusCode).toBe(404);
    await t.app.outbox.drain();
    expect(t.mailer.messages.length).toBe(mails);
  });

  it('names a barber, may fall outside the hours, and refuses what it cannot do with a message', async () => {
    const s = await shop();
    const early = await walkIn(s.business, {
      serviceId: s.fade,
      memberId: s.sam,
      bookingDateTime: `${lastDay()} 07:00`,
    });
    expect(early.statusCode, early.body).toBe(201);
    expect(early.json().booking.MemberName).toBe('Sam');
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceId: s.fade, memberId: s.alex, bookingDateTime: `${lastDay()} 12:00` }, 'memberId'],
      [{ serviceId: 'nope', bookingDateTime: `${lastDay()} 12:00` }, 'serviceId'],
      [{ bookingDateTime: '2001-01-01 10:00' }, 'bookingDateTime'],
      [{ bookingDateTime: '2099-01-01 10:00' }, 'bookingDateTime'],
      [{ bookingDateTime: 'tomorrow' }, 'bookingDateTime'],
      [{ bookingDateTime: `${lastDay()} 12:00`, customerName: '  ' }, 'customerName'],
      [{ bookingDateTime: `${lastDay()} 12:00`, customerPhone: 'call me' }, 'customerPhone'],
      [{ bookingDateTime: `${lastDay()} 12:00`, price: 0 }, 'price'],
    ];
    for (const [body, field] of cases) {
      const answer = await walkIn(s.business, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const customer = await createCustomer(t, db());
    expect((await walkIn(customer, { bookingDateTime: `${lastDay()} 12:00` })).statusCode).toBe(403);
  });

  it('ten walk-ins at once for one barber and time: exactly one is booked', async () => {
    const s = await shop();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        walkIn(s.business, { serviceId: s.fade, memberId: s.sam, bookingDateTime: `${lastDay()} 15:00` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
  });
});
