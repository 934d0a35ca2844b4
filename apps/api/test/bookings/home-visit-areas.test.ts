import { HOME_VISIT_DISTRICTS_FORMAT, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  bookingsSnapshot,
  call,
  createBusiness,
  createCustomer,
  slotsOf,
} from '../helpers/marketplace';

/**
 * Issue 29, item 19: a home visit may go to another address than the profile's (by the profile's
 * address rules), and a business names the postcode districts it travels to.
 */
describeEachDatabase('home visits: any address, the districts a business travels to', (database) => {
  let t: TestApp;
  let customer: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    customer = await createCustomer(t, database().db, { address: '14 Malone Avenue, Belfast, BT9 6EN' });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const setHomeVisits = (business: Actor, body: Record<string, unknown>) =>
    call(t, 'PUT', '/api/user/home-visit', business, body);
  const bookAt = async (business: Actor, customerAddress: string, index = 0) =>
    call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, (await slotsOf(t, business.id))[index]!, { isHomeVisit: true, customerAddress }),
    );

  it('stores the districts as a list (ranges read out), shows them in the profile and to customers, and keeps them when left out', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Lagan Mobile Cuts' });
    const saved = await setHomeVisits(business, {
      homeVisitsEnabled: true,
      homeVisitDistricts: 'bt1-bt3, BT9',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().homeVisitDistricts).toEqual(['BT1', 'BT2', 'BT3', 'BT9']);
    const toggled = await setHomeVisits(business, { homeVisitsEnabled: true });
    expect(toggled.json().homeVisitDistricts).toEqual(['BT1', 'BT2', 'BT3', 'BT9']);
    const times = await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` });
    expect(times.json().business.homeVisitDistricts).toEqual(['BT1', 'BT2', 'BT3', 'BT9']);
    const listed = await t.app.inject({ url: '/api/booking/businesses?q=Lagan%20Mobile' });
    expect(listed.json().businesses[0].homeVisitDistricts).toEqual(['BT1', 'BT2', 'BT3', 'BT9']);
    const cleared = await setHomeVisits(business, { homeVisitsEnabled: true, homeVisitDistricts: '' });
    expect(cleared.json().homeVisitDistricts).toEqual([]);
  });

  it.each([
    ['BT0', HOME_VISIT_DISTRICTS_FORMAT],
    ['Belfast', HOME_VISIT_DISTRICTS_FORMAT],
    ['BT9-BT1', HOME_VISIT_DISTRICTS_FORMAT],
    ['x'.repeat(301), 'Must be at most 300 characters'],
  ])('refuses the districts %j with a 400 naming the problem, storing nothing', async (text, message) => {
    const business = await createBusiness(t, db());
    const response = await setHomeVisits(business, { homeVisitsEnabled: false, homeVisitDistricts: text });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const profile = (await call(t, 'GET', '/api/user/userdetails', business)).json();
    expect(profile.homeVisitsEnabled).toBe(true);
    expect(profile.homeVisitDistricts).toEqual([]);
  });

  it('takes a home visit at another address than the profile’s, and keeps that address', async () => {
    const business = await createBusiness(t, db());
    const response = await bookAt(business, 'Flat 2, 7 Lisburn Road, Belfast, bt9 7aa');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().booking.CustomerAddress).toBe('Flat 2, 7 Lisburn Road, Belfast, BT9 7AA');
  });

  it.each([
    ['7 Lisburn Road, Belfast', MESSAGES.postcodeRequired],
    ['7 Lisburn Road, London, SW1A 1AA', MESSAGES.niPostcode],
    ['Belfast, BT9 7AA', MESSAGES.cityTownRequired],
  ])('refuses the address %j by the profile’s rules (400, nothing stored)', async (address, message) => {
    const business = await createBusiness(t, db());
    const before = await bookingsSnapshot(db());
    const response = await bookAt(business, address);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'ValidationError',
      message,
      errors: { customerAddress: message },
    });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('refuses a home visit outside the districts the business travels to, and takes one inside', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Fade Factory' });
    await setHomeVisits(business, { homeVisitsEnabled: true, homeVisitDistricts: 'BT1-BT5' });
    const before = await bookingsSnapshot(db());
    const outside = await bookAt(business, '12 Main Street, Bangor, BT20 5AA');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.customerAddress).toBe(
      'Fade Factory travels to BT1–BT5 only: this address is in BT20. Choose an address there, or visit the shop.',
    );
    expect(await bookingsSnapshot(db())).toBe(before);
    const inside = await bookAt(business, '3 Castle Place, Belfast, BT1 1AA', 1);
    expect(inside.statusCode, inside.body).toBe(201);
    // At the shop, the districts do not matter.
    const shop = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, (await slotsOf(t, business.id))[2]!),
    );
    expect(shop.statusCode, shop.body).toBe(201);
  });
});
