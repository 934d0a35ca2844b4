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

/**
 * Through the real development mailer: every email is a row of the outbox table, which is what a
 * developer (and the browser journeys) read.
 */
describeEachDatabase('booking emails in the outbox', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let slots: string[];
  beforeAll(async () => {
    t = await createTestApp(database().db, { deps: { mailer: undefined } });
    business = await createBusiness(t, database().db, { business_name: 'Outbox Cuts' });
    customer = await createCustomer(t, database().db, { first_name: 'Mail', last_name: 'Reader' });
    slots = await slotsOf(t, business.id);
  });
  afterAll(() => t.close());

  const outbox = (to: string) =>
    database()
      .db.selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', to)
      // (an agreed booking's reminders and review invitation wait for their moment)
      .where('kind', 'not in', ['reminder', 'review_invite'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  async function request(slot: string) {
    const response = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking.id as string;
  }
  const patch = (url: string, actor: Actor, body: Record<string, unknown>) =>
    call(t, 'PATCH', url, actor, { businessId: business.id, ...body });

  it('tells the business of each request, cancel, acceptance and decline, and the customer of each approval, denial and counter', async () => {
    const steps: [string, () => Promise<unknown>, Actor, RegExp][] = [];
    const cancelled = await request(slots[0]!);
    const approved = await request(slots[1]!);
    const denied = await request(slots[2]!);
    const accepted = await request(slots[3]!);
    const declined = await request(slots[4]!);
    expect(await outbox(business.email)).toHaveLength(5);
    for (const mail of await outbox(business.email))
      expect(mail.subject).toBe('New booking request from Mail Reader');
    expect(await outbox(customer.email)).toEqual([]);

    steps.push(
      [
        'cancel',
        () => patch('/api/booking/setstatus', customer, { bookingId: cancelled, status: 'Cancelled' }),
        business,
        /^Booking request cancelled by Mail Reader$/,
      ],
      [
        'approve',
        () => patch('/api/booking/setstatus', business, { bookingId: approved, status: 'Approved' }),
        customer,
        /^Your booking with Outbox Cuts is approved$/,
      ],
      [
        'deny',
        () => patch('/api/booking/setstatus', business, { bookingId: denied, status: 'Denied' }),
        customer,
        /^Your booking request to Outbox Cuts was denied$/,
      ],
      [
        'counter',
        () => patch('/api/booking/counter', business, { bookingId: accepted, newPrice: 45 }),
        customer,
        /^Outbox Cuts sent you a counter offer$/,
      ],
      [
        'accept',
        () =>
          patch('/api/booking/respond-to-counter', customer, { bookingId: accepted, response: 'Accepted' }),
        business,
        /^Mail Reader accepted your counter offer$/,
      ],
      [
        'counter again',
        () => patch('/api/booking/counter', business, { bookingId: declined, newPrice: 50 }),
        customer,
        /^Outbox Cuts sent you a counter offer$/,
      ],
      [
        'decline',
        () =>
          patch('/api/booking/respond-to-counter', customer, { bookingId: declined, response: 'Declined' }),
        business,
        /^Mail Reader declined your counter offer$/,
      ],
    );
    for (const [name, run, recipient, subject] of steps) {
      const other = recipient === business ? customer : business;
      t.clock.advance(1000); // outbox rows sort by time
      const [recipientBefore, otherBefore] = [
        (await outbox(recipient.email)).length,
        (await outbox(other.email)).length,
      ];
      const response = (await run()) as { statusCode: number; body: string };
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const mails = await outbox(recipient.email);
      expect(mails, name).toHaveLength(recipientBefore + 1);
      expect(mails.at(-1)?.subject, name).toMatch(subject);
      expect(await outbox(other.email), name).toHaveLength(otherBefore);
    }
    const counterMail = (await outbox(customer.email)).find((m) => m.text.includes('£45'));
    expect(counterMail?.text).toContain('Counter offer: £45');
  });
});
