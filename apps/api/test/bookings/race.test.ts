import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMemberOverlapGuard, dropMemberOverlapGuard } from '../../src/db/migrations/0020_member_diaries';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

const RACERS = 50;

describeEachDatabase('one hour, many takers', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;

  async function heldAt(businessId: string, startsAt: string) {
    return db()
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('business_id', '=', businessId)
      .where('starts_at', '=', startsAt)
      .where('status', 'in', ['Approved', 'Confirmed'])
      .execute();
  }

  it(`lets exactly one of ${RACERS} concurrent counter acceptances for one hour win`, async () => {
    const business = await createBusiness(t, db());
    const [slot] = await slotsOf(t, business.id);
    const racers: { customer: Actor; bookingId: string }[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const customer = await createCustomer(t, db());
      const booking = await insertBooking(t, db(), {
        business,
        customer,
        startsAt: slot!,
        status: 'Countered',
        counterPrice: 40,
      });
      racers.push({ customer, bookingId: booking.id });
    }
    const responses = await Promise.all(
      racers.map(({ customer, bookingId }) =>
        call(t, 'PATCH', '/api/booking/respond-to-counter', customer, {
          businessId: business.id,
          bookingId,
          response: 'Accepted',
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('SlotTaken');
    }
    const winner = responses.find((r) => r.statusCode === 200)!.json().booking;
    expect(await heldAt(business.id, slot!)).toEqual([{ id: winner.id, status: 'Confirmed' }]);
    // Losers stay Countered (they can still decline), with exactly one history row in all.
    const countered = await db()
      .selectFrom('bookings')
      .select('id')
      .where('business_id', '=', business.id)
      .where('status', '=', 'Countered')
      .execute();
    expect(countered).toHaveLength(RACERS - 1);
    const history = await db()
      .selectFrom('booking_transitions')
      .innerJoin('bookings', 'bookings.id', 'booking_transitions.booking_id')
      .select('booking_transitions.to_status')
      .where('bookings.business_id', '=', business.id)
      .execute();
    expect(history).toEqual([{ to_status: 'Confirmed' }]);
  });

  it(`lets exactly one of ${RACERS} concurrent approvals of one hour win`, async () => {
    const business = await createBusiness(t, db());
    const [slot] = await slotsOf(t, business.id);
    const bookingIds: string[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const booking = await insertBooking(t, db(), {
        business,
        customer: await createCustomer(t, db()),
        startsAt: slot!,
        status: 'Requested',
      });
      bookingIds.push(booking.id);
    }
    const responses = await Promise.all(
      bookingIds.map((bookingId) =>
        call(t, 'PATCH', '/api/booking/setstatus', business, {
          businessId: business.id,
          bookingId,
          status: 'Approved',
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
    expect(await heldAt(business.id, slot!)).toHaveLength(1);
  });

  it('lets one of an acceptance and an approval of the same hour win, whoever is first', async () => {
    const business = await createBusiness(t, db());
    const [slot] = await slotsOf(t, business.id);
    const customer = await createCustomer(t, db());
    const countered = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: slot!,
      status: 'Countered',
      counterPrice: 50,
    });
    const requested = await insertBooking(t, db(), {
      business,
      customer: await createCustomer(t, db()),
      startsAt: slot!,
      status: 'Requested',
    });
    const [accept, approve] = await Promise.all([
      call(t, 'PATCH', '/api/booking/respond-to-counter', customer, {
        businessId: business.id,
        bookingId: countered.id,
        response: 'Accepted',
      }),
      call(t, 'PATCH', '/api/booking/setstatus', business, {
        businessId: business.id,
        bookingId: requested.id,
        status: 'Approved',
      }),
    ]);
    expect([accept.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
    expect(await heldAt(business.id, slot!)).toHaveLength(1);
  });

  it('lets exactly one of two identical requests from one customer through', async () => {
    const business = await createBusiness(t, db());
    const [slot] = await slotsOf(t, business.id);
    const customer = await createCustomer(t, db());
    const body = { businessId: business.id, bookingDateTime: slot, price: 30, isHomeVisit: false };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call(t, 'POST', '/api/booking/book', customer, body)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
  });

  it('holds even without the database’s guard: the business lock and the re-check alone serialise approvals', async () => {
    const business = await createBusiness(t, db());
    const [slot] = await slotsOf(t, business.id);
    const bookingIds: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const booking = await insertBooking(t, db(), {
        business,
        customer: await createCustomer(t, db()),
        startsAt: slot!,
        status: 'Requested',
      });
      bookingIds.push(booking.id);
    }
    await dropMemberOverlapGuard(db());
    try {
      const responses = await Promise.all(
        bookingIds.map((bookingId) =>
          call(t, 'PATCH', '/api/booking/setstatus', business, {
            businessId: business.id,
            bookingId,
            status: 'Approved',
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await heldAt(business.id, slot!)).toHaveLength(1);
    } finally {
      await addMemberOverlapGuard(db());
    }
  });
});
