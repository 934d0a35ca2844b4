import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';

/** Long enough that no cached answer expires by itself while a test runs. */
const TTL_MS = 10_000;

const valid = (overrides: Record<string, unknown> = {}) => ({
  BusinessName: 'Strand Road Fades',
  BusinessAddress: 'Unit 4, 12 Strand Road, Derry, BT48 7AB',
  BusinessDescription: 'Skin fades, beard trims.',
  showFullAddress: true,
  ...overrides,
});

describeEachDatabase('PUT /api/user/business-profile and the address on the business object', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // The read cache on, as in production: a change must still show at once on this instance.
    t = await createTestApp(database().db, { config: { readCacheTtlMs: TTL_MS } });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const put = (actor: Actor | null, body: unknown) =>
    call(t, 'PUT', '/api/user/business-profile', actor, body);
  const listed = async (business: Actor) =>
    (
      (await t.app.inject({ url: '/api/booking/businesses' })).json().businesses as Record<string, unknown>[]
    ).find((b) => b.id === business.id);
  const timesOf = async (business: Actor) =>
    (await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` })).json()
      .business as Record<string, unknown>;
  const rowOf = async (business: Actor) =>
    JSON.stringify(
      await db().selectFrom('users').selectAll().where('id', '=', business.id).executeTakeFirst(),
    );

  it('the business object carries BusinessAddress and BusinessTown; showFullAddress defaults to true', async () => {
    const business = await createBusiness(t, db(), { business_address: '2 High Street, Belfast, BT1 2AB' });
    t.clock.advance(TTL_MS);
    expect(await listed(business)).toMatchObject({
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      BusinessTown: 'Belfast',
    });
    expect(await timesOf(business)).toMatchObject({
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      BusinessTown: 'Belfast',
    });
    const profile = await call(t, 'GET', '/api/user/userdetails', business);
    expect(profile.json()).toMatchObject({
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      showFullAddress: true,
    });
  });

  it('saves all four fields, answers the profile, and the list and available-times show them at once', async () => {
    const business = await createBusiness(t, db());
    // A row written straight to the database shows once the cached answers are TTL old; then both
    // public reads are cached again before the change.
    t.clock.advance(TTL_MS);
    expect((await listed(business))?.BusinessTown).toBe('Belfast');
    expect((await timesOf(business)).BusinessTown).toBe('Belfast');

    const response = await put(
      business,
      valid({
        BusinessName: '  Strand Road Fades ',
        BusinessAddress: ' Unit 4\n12 Strand Road\nDerry\nbt48 7ab ',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: business.id,
      UserType: 'Business',
      BusinessName: 'Strand Road Fades',
      BusinessAddress: 'Unit 4\n12 Strand Road\nDerry\nbt48 7ab',
      BusinessDescription: 'Skin fades, beard trims.',
      showFullAddress: true,
    });
    expect(await listed(business)).toMatchObject({
      BusinessName: 'Strand Road Fades',
      BusinessDescription: 'Skin fades, beard trims.',
      BusinessAddress: 'Unit 4\n12 Strand Road\nDerry\nbt48 7ab',
      BusinessTown: 'Derry',
    });
    expect(await timesOf(business)).toMatchObject({
      BusinessName: 'Strand Road Fades',
      BusinessTown: 'Derry',
    });
  });

  it('with showFullAddress off customers see only town and postcode; the owner always the full address', async () => {
    const business = await createBusiness(t, db());
    const response = await put(business, valid({ showFullAddress: false }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      BusinessAddress: 'Unit 4, 12 Strand Road, Derry, BT48 7AB',
      showFullAddress: false,
    });
    expect(await listed(business)).toMatchObject({
      BusinessAddress: 'Derry, BT48 7AB',
      BusinessTown: 'Derry',
    });
    expect(await timesOf(business)).toMatchObject({
      BusinessAddress: 'Derry, BT48 7AB',
      BusinessTown: 'Derry',
    });
    const profile = await call(t, 'GET', '/api/user/userdetails', business);
    expect(profile.json()).toMatchObject({
      BusinessAddress: 'Unit 4, 12 Strand Road, Derry, BT48 7AB',
      showFullAddress: false,
    });

    // And back on.
    expect((await put(business, valid({ showFullAddress: true }))).statusCode).toBe(200);
    expect((await listed(business))?.BusinessAddress).toBe('Unit 4, 12 Strand Road, Derry, BT48 7AB');
  });

  it('a blank description clears it; an Admin may save too', async () => {
    const business = await createBusiness(t, db());
    const cleared = await put(business, valid({ BusinessDescription: '   ' }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().BusinessDescription).toBe('');
    expect((await listed(business))?.BusinessDescription).toBe('');

    const admin = await createBusiness(t, db(), { user_type: 'Admin', is_listed: 0 });
    const saved = await put(admin, valid({ BusinessName: 'Head Office Cuts' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ UserType: 'Admin', BusinessName: 'Head Office Cuts' });
  });

  it("refuses bad input with the invite wizard's messages (400, field errors) and changes nothing", async () => {
    const business = await createBusiness(t, db());
    const before = await rowOf(business);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ BusinessName: '  ' }, { BusinessName: MESSAGES.businessNameRequired }],
      [{ BusinessAddress: '' }, { BusinessAddress: 'Address is required' }],
      [{ BusinessAddress: 'BT1 2AB' }, { BusinessAddress: 'Address must be at least 10 characters long' }],
      [
        { BusinessAddress: `${'x'.repeat(200)}, BT1 2AB` },
        { BusinessAddress: 'Address must be less than 200 characters' },
      ],
      [
        { BusinessAddress: '1 A St\n2 B St\nC\nD\nBT1 2AB' },
        { BusinessAddress: 'Address must not exceed 4 lines' },
      ],
      [
        { BusinessAddress: '2 High Street, Belfast' },
        { BusinessAddress: 'Address must include a Northern Irish postcode (e.g., BT4 3HW)' },
      ],
      [
        { BusinessAddress: '2 High Street, Belfast, BT12AB' },
        {
          BusinessAddress:
            'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
        },
      ],
      [{ BusinessName: 'Shit Cuts' }, { BusinessName: 'Business name contains inappropriate content' }],
      [
        { BusinessAddress: '2 Shit Road, Belfast, BT1 2AB' },
        { BusinessAddress: 'Business address contains inappropriate content' },
      ],
      [
        { BusinessDescription: 'No shit haircuts' },
        { BusinessDescription: 'Business description contains inappropriate content' },
      ],
      [{ BusinessDescription: 'x'.repeat(1001) }, { BusinessDescription: 'Must be at most 1000 characters' }],
      [{ showFullAddress: 'no' }, { showFullAddress: MESSAGES.mustBeTrueOrFalse }],
      // Two bad fields at once: both are named, nothing is saved (all four or none).
      [
        { BusinessName: '', BusinessAddress: '2 High Street, Belfast' },
        {
          BusinessName: MESSAGES.businessNameRequired,
          BusinessAddress: 'Address must include a Northern Irish postcode (e.g., BT4 3HW)',
        },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await put(business, valid(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toMatchObject({ code: 'ValidationError', errors });
      expect(Object.keys(response.json().errors).sort()).toEqual(Object.keys(errors).sort());
    }
    expect(await rowOf(business)).toBe(before);
  });

  it('a real place name in the address is accepted (the allow-list)', async () => {
    const business = await createBusiness(t, db());
    const response = await put(business, valid({ BusinessAddress: '3 Butt Lane, Belfast, BT1 2AB' }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is for Business and Admin only: a customer gets 403, no token 401, and nothing changes', async () => {
    const customer = await createCustomer(t, db());
    const before = await rowOf(customer);
    const response = await put(customer, valid());
    expect(response.statusCode).toBe(403);
    expect(await rowOf(customer)).toBe(before);
    expect((await put(null, valid())).statusCode).toBe(401);
  });
});
