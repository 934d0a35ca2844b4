import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  CUSTOMER_ADDRESS,
  call,
  createBusiness,
  createCustomer,
  slotsOf,
} from '../helpers/marketplace';

const FULL = '7 Back Lane, Lisburn, BT28 1AA';
const PUBLIC = 'Lisburn, BT28 1AA';

/**
 * Where the shop is (api-contract §8.5) on the Booking object: its customer sees the full address
 * once Approved or Confirmed and the public form otherwise; the emails say the same.
 */
describeEachDatabase('the business address on bookings', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let slots: string[];
  beforeAll(async () => {
    t = await createTestApp(database().db, { deps: { mailer: undefined } });
    // A business that works from home: customers see only its town and postcode until agreed.
    business = await createBusiness(t, database().db, {
      business_name: 'Back Lane Barbers',
      business_address: FULL,
      show_full_address: 0,
    });
    customer = await createCustomer(t, database().db, { first_name: 'Ada', last_name: 'Byrne' });
    slots = await slotsOf(t, business.id);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  async function book(slot: string, overrides: Record<string, unknown> = {}) {
    t.clock.advance(1000); // outbox rows sort by time
    const response = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot, overrides),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().booking as { id: string; BusinessAddress: string };
  }
  const patch = async (url: string, actor: Actor, body: Record<string, unknown>) => {
    t.clock.advance(1000);
    const response = await call(t, 'PATCH', url, actor, { businessId: business.id, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().booking as { Status: string; BusinessAddress: string };
  };
  const customerCopy = async (bookingId: string) => {
    const response = await call(t, 'GET', '/api/booking/userbookings', customer);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { requests: { id: string; BusinessAddress: string }[] };
    return body.requests.find((booking) => booking.id === bookingId);
  };
  const lastMail = async (to: string) =>
    db()
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', to)
      // Scheduled messages written in the same transaction (reminders, the review invitation) are
      // not the change's own email.
      .where('kind', 'not in', ['reminder', 'review_invite'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('a request shows the public form; once approved its customer sees the full address', async () => {
    const booking = await book(slots[0]!);
    expect(booking.BusinessAddress).toBe(PUBLIC);
    expect((await customerCopy(booking.id))?.BusinessAddress).toBe(PUBLIC);

    // The business reading its own booking sees its full address.
    const approved = await patch('/api/booking/setstatus', business, {
      bookingId: booking.id,
      status: 'Approved',
    });
    expect(approved).toMatchObject({ Status: 'Approved', BusinessAddress: FULL });
    expect((await customerCopy(booking.id))?.BusinessAddress).toBe(FULL);
    const userBookings = (await call(t, 'GET', '/api/booking/userbookings', customer)).json() as {
      bookings: { id: string; BusinessAddress: string }[];
    };
    expect(userBookings.bookings.find((b) => b.id === booking.id)?.BusinessAddress).toBe(FULL);

    // The approval email tells the customer where to go, in full.
    const mail = await lastMail(customer.email);
    expect(mail.subject).toBe('Your booking with Back Lane Barbers is approved');
    expect(mail.text).toContain(`Where: At the shop\nAddress: ${FULL}\n`);

    // Cancelled: back to the public form.
    const cancelled = await patch('/api/booking/setstatus', customer, {
      bookingId: booking.id,
      status: 'Cancelled',
    });
    expect(cancelled).toMatchObject({ Status: 'Cancelled', BusinessAddress: PUBLIC });
  });

  it('a counter offer shows the public form; accepting it (Confirmed) shows the full address', async () => {
    const booking = await book(slots[1]!);
    const countered = await patch('/api/booking/counter', business, { bookingId: booking.id, newPrice: 45 });
    expect(countered.Status).toBe('Countered');
    expect((await customerCopy(booking.id))?.BusinessAddress).toBe(PUBLIC);
    expect((await lastMail(customer.email)).text).toContain(`Address: ${PUBLIC}\n`);

    const confirmed = await patch('/api/booking/respond-to-counter', customer, {
      bookingId: booking.id,
      response: 'Accepted',
    });
    expect(confirmed).toMatchObject({ Status: 'Confirmed', BusinessAddress: FULL });
    // The business's own email says nothing of its own address.
    const toBusiness = await lastMail(business.email);
    expect(toBusiness.subject).toBe('Ada Byrne accepted your counter offer');
    expect(toBusiness.text).toContain('Where: At the shop\n');
    expect(toBusiness.text).not.toContain('Address:');
  });

  it("a home visit's emails give the customer's address; the booking still carries the shop's", async () => {
    const booking = await book(slots[2]!, { isHomeVisit: true, customerAddress: CUSTOMER_ADDRESS });
    expect(booking.BusinessAddress).toBe(PUBLIC);
    const request = await lastMail(business.email);
    expect(request.subject).toBe('New booking request from Ada Byrne');
    expect(request.text).toContain(`Where: Home visit\nAddress: ${CUSTOMER_ADDRESS}\n`);
  });

  it("is '' once the business account is gone", async () => {
    const gone = await createBusiness(t, db(), { business_address: '1 Quay Street, Bangor, BT20 5ED' });
    const [slot] = await slotsOf(t, gone.id);
    const response = await call(t, 'POST', '/api/booking/book', customer, bookingBody(gone, slot!));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().booking.id as string;
    expect((await customerCopy(id))?.BusinessAddress).toBe('1 Quay Street, Bangor, BT20 5ED');

    await db().deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await customerCopy(id))?.BusinessAddress).toBe('');
  });
});
