import { addDays, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { PASSWORD, registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration, sendInvite } from '../helpers/invites';
import { CUSTOMER_ADDRESS, call, EVERY_DAY } from '../helpers/marketplace';
import { claimsOf, createWorld, forEachDatabase, type SignedIn, type World } from './support';

/**
 * Fields a client must never set, sent with every mutating call: roles, statuses, prices, owners,
 * listing, confirmation, session and password columns, and ids of other people's things (in the
 * API's spellings and the database's).
 */
function hostileFields(world: World): Record<string, unknown> {
  const victim = world.actors.otherCustomer.id;
  const otherBusiness = world.actors.otherBusiness.id;
  return {
    id: victim,
    Id: victim,
    userId: victim,
    user_id: victim,
    sub: victim,
    UserType: 'Admin',
    userType: 'Admin',
    user_type: 'Admin',
    role: 'Admin',
    Status: 'Confirmed',
    status: 'Confirmed',
    FinalPrice: 1,
    finalPrice: 1,
    final_price: 1,
    CounterPrice: 1,
    OriginalPrice: 1,
    Price: 1,
    CustomerID: victim,
    customerId: victim,
    customer_id: victim,
    BusinessID: otherBusiness,
    business_id: otherBusiness,
    bookingId: world.requested,
    listed: false,
    isListed: false,
    is_listed: 0,
    IsConfirmed: true,
    is_confirmed: 1,
    sessionVersion: 99,
    session_version: 99,
    password_hash: 'x',
    passwordHash: 'x',
    Email: world.actors.otherCustomer.email,
    email: world.actors.otherCustomer.email,
    minimumPrice: 1,
    BusinessName: 'Pwned Cuts',
    customerName: 'Pwned',
    customerEmail: 'pwned@example.com',
    CreatedAt: '2000-01-01T00:00:00.000Z',
    createdAt: '2000-01-01T00:00:00.000Z',
    CancelledBy: 'business',
    cancelledBy: 'business',
    cancelled_by: 'business',
    CancellationReason: 'Pwned',
    cancellation_reason: 'Pwned',
    reason: 'Pwned',
    cancellationNoticeHours: 72,
    cancellation_notice_hours: 72,
    showFullAddress: false,
    show_full_address: 0,
    business_address: '1 Hacker Lane, Belfast, BT1 1AA',
    BusinessTown: 'Pwnville',
  };
}

type Rows = Record<string, Record<string, unknown>>;

forEachDatabase((database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;

  /** The world's rows keyed `table/name` (actors by name, bookings by role), for column diffs. */
  async function rowsOf(world: World): Promise<Rows> {
    const names = Object.fromEntries(Object.entries(world.actors).map(([name, actor]) => [actor.id, name]));
    const ids = Object.keys(names);
    const rows: Rows = {};
    for (const user of await db().selectFrom('users').selectAll().where('id', 'in', ids).execute()) {
      // The kept next free hour (migration 0009) is derived from the slots, the bookings version
      // (migration 0010) counts booking writes, and the catalog version (migration 0025) the menu's
      // and team's (their defaults are written at first use): none is ever taken from a body.
      const {
        next_available: _next,
        next_available_until: _until,
        bookings_version: _version,
        catalog_version: _catalogVersion,
        ...columns
      } = user;
      rows[`users/${names[user.id]}`] = columns;
    }
    const bookings = await db()
      .selectFrom('bookings')
      .selectAll()
      .where((eb) => eb.or([eb('customer_id', 'in', ids), eb('business_id', 'in', ids)]))
      .execute();
    for (const booking of bookings) {
      const role =
        booking.id === world.requested
          ? 'requested'
          : booking.id === world.countered
            ? 'countered'
            : booking.id;
      rows[`bookings/${role}`] = booking;
    }
    for (const away of await db()
      .selectFrom('away_dates')
      .selectAll()
      .where('user_id', 'in', ids)
      .execute()) {
      rows[`away_dates/${names[away.user_id]}/${away.id}`] = away;
    }
    return rows;
  }

  /** `row.column` for every column that changed, and `row` for rows that came or went. */
  function changes(before: Rows, after: Rows): string[] {
    const changed: string[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [a, b] = [before[key], after[key]];
      if (!a || !b) {
        changed.push(`${key} ${a ? 'deleted' : 'added'}`);
        continue;
      }
      for (const column of Object.keys(a)) {
        if (JSON.stringify(a[column]) !== JSON.stringify(b[column])) changed.push(`${key}.${column}`);
      }
    }
    return changed.sort();
  }

  /** Calls as `actor` with the hostile fields under the real body; returns the response and the diff. */
  async function hostileCall(
    world: World,
    actor: SignedIn,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body: Record<string, unknown>,
  ) {
    const before = await rowsOf(world);
    t.clock.advance(1000); // so an updated_at that changes shows it
    const response = await call(t, method, url, world.actors[actor], { ...hostileFields(world), ...body });
    await t.app.whenIdle();
    return { response, changed: changes(before, await rowsOf(world)), after: await rowsOf(world) };
  }

  it('8.2.3 register and register-with-invite take no role, confirmation, listing, id or other email from the body', async () => {
    const world = await createWorld(t, db());
    const before = await rowsOf(world);
    const body = registration();
    const registered = await t.post('/api/auth/register', { ...hostileFields(world), ...body });
    expect(registered.statusCode, registered.body).toBe(201);
    const customer = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      user_type: 'User',
      is_confirmed: 0,
      is_listed: 0,
      session_version: 0,
      minimum_price: null,
      business_name: null,
      pending_email: null,
    });
    // userType is the one role field sign-up reads: anything but User is refused.
    for (const userType of ['Business', 'Admin']) {
      const refused = await t.post('/api/auth/register', registration({ userType: userType as 'User' }));
      expect(refused.statusCode).toBe(400);
    }

    const invited = uniqueEmail('shop');
    const inviteCode = await sendInvite(t, world.actors.admin, invited);
    const business = await t.post('/api/auth/register-with-invite', {
      ...hostileFields(world),
      ...businessRegistration(inviteCode),
    });
    expect(business.statusCode, business.body).toBe(201);
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', invited)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_type: 'Business', is_confirmed: 0, is_listed: 1, session_version: 0 });
    expect(row.business_name).toBe('Kelly Cuts');
    const ids = new Set(Object.values(world.actors).map((actor) => actor.id));
    expect(ids.has(customer.id) || ids.has(row.id)).toBe(false);
    // The accounts named in the bodies are untouched.
    expect(changes(before, await rowsOf(world))).toEqual([]);
  });

  it('8.2.3 profile and business settings change only their own fields of the caller’s own row', async () => {
    const profile = (extra: Record<string, unknown> = {}) => ({
      FirstName: 'Mallory',
      LastName: 'Hacker',
      PhoneNumber: '+447000000000',
      ...extra,
    });
    const cases: Array<[SignedIn, 'PUT', string, (w: World) => Record<string, unknown>, string[]]> = [
      [
        'customer',
        'PUT',
        '/api/user/update',
        (w) => profile({ Email: w.actors.customer.email, Address: '9 New Road, Belfast, BT1 1AA' }),
        ['address', 'first_name', 'last_name', 'phone_number', 'updated_at'].map(
          (c) => `users/customer.${c}`,
        ),
      ],
      [
        'business',
        'PUT',
        '/api/user/update',
        (w) => profile({ Email: w.actors.business.email, Address: '9 New Road, Belfast, BT1 1AA' }),
        ['first_name', 'last_name', 'phone_number', 'updated_at'].map((c) => `users/business.${c}`),
      ],
      [
        'customer',
        'PUT',
        '/api/user/update',
        () => profile({ Email: 'new-address@example.com', Address: CUSTOMER_ADDRESS }),
        ['first_name', 'last_name', 'pending_email', 'phone_number', 'updated_at'].map(
          (c) => `users/customer.${c}`,
        ),
      ],
      [
        'business',
        'PUT',
        '/api/user/availability',
        () => ({ availability: { Monday: ['10:00-12:00'] } }),
        ['users/business.availability', 'users/business.updated_at'],
      ],
      [
        'business',
        'PUT',
        '/api/user/minimum-price',
        () => ({ minimumPrice: 45 }),
        ['users/business.minimum_price', 'users/business.updated_at'],
      ],
      [
        'business',
        'PUT',
        '/api/user/cancellation-policy',
        () => ({ noticeHours: 24 }),
        ['users/business.cancellation_notice_hours', 'users/business.updated_at'],
      ],
      [
        'business',
        'PUT',
        '/api/user/business-profile',
        () => ({
          BusinessName: 'Renamed Cuts',
          BusinessAddress: '7 New Road, Belfast, BT1 1AA',
          BusinessDescription: 'Fresh fades',
          showFullAddress: false,
        }),
        ['business_address', 'business_description', 'business_name', 'show_full_address', 'updated_at'].map(
          (c) => `users/business.${c}`,
        ),
      ],
      [
        'admin',
        'PUT',
        '/api/user/home-visit',
        () => ({ homeVisitsEnabled: false }),
        ['users/admin.home_visits_enabled', 'users/admin.updated_at'],
      ],
    ];
    for (const [actor, method, url, body, expected] of cases) {
      const world = await createWorld(t, db());
      const { response, changed } = await hostileCall(world, actor, method, url, body(world));
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(changed, `${actor} ${url}`).toEqual(expected.sort());
    }
  });

  it('8.2.3 away dates: an id or owner of another business’s entry in the body never touches that entry', async () => {
    const world = await createWorld(t, db());
    const day = addDays(todayInLondon(t.clock.now()), 10);
    const entry = { startDate: day, endDate: day, reason: 'Holiday' };
    const other = await call(t, 'PUT', '/api/user/away-dates', world.actors.otherBusiness, {
      awayDates: [entry],
    });
    expect(other.statusCode).toBe(200);
    const victimsEntry = other.json().awayDates[0];
    const before = await rowsOf(world);
    const response = await call(t, 'PUT', '/api/user/away-dates', world.actors.business, {
      ...hostileFields(world),
      awayDates: [
        {
          ...entry,
          id: victimsEntry.id,
          userId: world.actors.otherBusiness.id,
          user_id: world.actors.otherBusiness.id,
          createdAt: 0,
          reason: 'Mine now',
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const mine = response.json().awayDates;
    expect(mine).toHaveLength(1);
    expect(mine[0].id).not.toBe(victimsEntry.id);
    expect(mine[0].status).toBe('active');
    const changed = changes(before, await rowsOf(world));
    expect(changed).toEqual([`away_dates/business/${mine[0].id} added`]);
  });

  it('8.2.3 booking: Status, prices, CustomerID, names and ids in the body never reach the booking', async () => {
    const world = await createWorld(t, db());
    const { response, after } = await hostileCall(world, 'customer', 'POST', '/api/booking/book', {
      businessId: world.actors.business.id,
      bookingDateTime: world.freeSlot,
      price: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().booking.id;
    expect(id).not.toBe(world.requested);
    expect(after[`bookings/${id}`]).toMatchObject({
      status: 'Requested',
      customer_id: world.actors.customer.id,
      business_id: world.actors.business.id,
      price: 30,
      original_price: null,
      counter_price: null,
      final_price: null,
      customer_name: 'Cara Lovelace',
      customer_email: world.actors.customer.email,
    });
    expect(String(after[`bookings/${id}`]?.created_at)).not.toContain('2000');
  });

  it('8.2.3 approve, counter, accept and cancel change only the status, the price and the canceller the transition sets', async () => {
    /** Approves the world's requested booking first, for the moves that need an agreed appointment. */
    const approved = async (w: World) => {
      const response = await call(t, 'PATCH', '/api/booking/setstatus', w.actors.business, {
        businessId: w.actors.business.id,
        bookingId: w.requested,
        status: 'Approved',
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const moves: Array<
      [
        SignedIn,
        string,
        (w: World) => Record<string, unknown>,
        Record<string, unknown>,
        ((w: World) => Promise<void>)?,
      ]
    > = [
      [
        'business',
        '/api/booking/setstatus',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.requested, status: 'Approved' }),
        {
          'bookings/requested.status': 'Approved',
          'bookings/requested.final_price': 30,
          // The team member who does it, set by the server (api-contract §9.3).
          'bookings/requested.member_id': expect.any(String),
          'bookings/requested.member_name': expect.any(String),
        },
      ],
      [
        'business',
        '/api/booking/counter',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.requested, newPrice: 45 }),
        {
          'bookings/requested.status': 'Countered',
          'bookings/requested.original_price': 30,
          'bookings/requested.counter_price': 45,
        },
      ],
      [
        'customer',
        '/api/booking/respond-to-counter',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.countered, response: 'Accepted' }),
        {
          'bookings/countered.status': 'Confirmed',
          'bookings/countered.final_price': 40,
          'bookings/countered.member_id': expect.any(String),
          'bookings/countered.member_name': expect.any(String),
        },
      ],
      [
        'customer',
        '/api/booking/setstatus',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.requested, status: 'Cancelled' }),
        // The cancellation records who cancelled (api-contract §8.4).
        { 'bookings/requested.status': 'Cancelled', 'bookings/requested.cancelled_by': 'customer' },
      ],
      [
        'customer',
        '/api/booking/setstatus',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.requested, status: 'Cancelled' }),
        // An agreed appointment the customer cancels keeps no reason, whatever the body says.
        { 'bookings/requested.status': 'Cancelled', 'bookings/requested.cancelled_by': 'customer' },
        approved,
      ],
      [
        'business',
        '/api/booking/cancel',
        (w) => ({ businessId: w.actors.business.id, bookingId: w.requested, reason: 'Burst pipe' }),
        {
          'bookings/requested.status': 'Cancelled',
          'bookings/requested.cancelled_by': 'business',
          'bookings/requested.cancellation_reason': 'Burst pipe',
        },
        approved,
      ],
    ];
    for (const [actor, url, body, expected, prepare] of moves) {
      const world = await createWorld(t, db());
      await prepare?.(world);
      const { response, changed, after } = await hostileCall(world, actor, 'PATCH', url, body(world));
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const row = Object.keys(expected)[0]?.split('.')[0] as string;
      expect(changed, url).toEqual([...Object.keys(expected), `${row}.updated_at`].sort());
      for (const [key, value] of Object.entries(expected)) {
        const [name, column] = key.split('.') as [string, string];
        expect(after[name]?.[column], key).toEqual(value);
      }
    }
  });

  it('8.2.3 an invite, an email verification, a login and an account deletion take no owner, role or target from the body', async () => {
    const world = await createWorld(t, db());
    const invited = uniqueEmail('shop');
    const invite = await call(t, 'POST', '/api/auth/send-business-invite', world.actors.admin, {
      ...hostileFields(world),
      invitedBy: world.actors.otherBusiness.id,
      expiresAt: '2100-01-01T00:00:00.000Z',
      usedAt: null,
      email: invited,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const row = await db()
      .selectFrom('invites')
      .selectAll()
      .where('email', '=', invited)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(world.actors.admin.id);
    expect(row.used_at).toBeNull();
    expect(Date.parse(row.expires_at) - t.clock.now().getTime()).toBeLessThanOrEqual(48 * HOUR_MS);

    // An email change of the customer, verified with a body naming the other customer.
    const newAddress = uniqueEmail('new');
    await call(t, 'PUT', '/api/user/update', world.actors.customer, {
      FirstName: 'Cara',
      LastName: 'Lovelace',
      Email: newAddress,
      PhoneNumber: '+447123456789',
      Address: CUSTOMER_ADDRESS,
    });
    const { response: verified, changed } = await hostileCall(
      world,
      'customer',
      'POST',
      '/api/user/verify-email',
      {
        code: t.mailer.lastCode(newAddress),
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(changed).toEqual([
      'users/customer.email',
      'users/customer.pending_email',
      'users/customer.updated_at',
    ]);

    // A login with a role in the body gets the account's own.
    const loggedIn = await t.post('/api/auth/login', {
      ...hostileFields(world),
      email: world.actors.otherCustomer.email,
      password: PASSWORD,
    });
    expect(loggedIn.statusCode).toBe(200);
    expect(claimsOf(loggedIn.json().accessToken)).toMatchObject({
      sub: world.actors.otherCustomer.id,
      userType: 'User',
    });

    // Deleting "another" account through the body deletes the caller's own only.
    const deleted = await hostileCall(world, 'otherBusiness', 'DELETE', '/api/user/delete-account', {});
    expect(deleted.response.statusCode).toBe(200);
    expect(deleted.changed).toEqual(['users/otherBusiness deleted']);
  });

  it('8.2.3 query strings cannot pick another owner: getallbookings and userbookings list only the caller’s', async () => {
    const world = await createWorld(t, db());
    const other = world.actors.otherBusiness;
    const mine = await call(
      t,
      'GET',
      `/api/booking/getallbookings?businessId=${world.actors.business.id}&userId=${world.actors.business.id}&limit=10`,
      other,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json().bookings).toEqual([]);
    const requests = await call(
      t,
      'GET',
      `/api/booking/userbookings?customerId=${world.actors.customer.id}&userId=${world.actors.customer.id}`,
      world.actors.otherCustomer,
    );
    expect(requests.json()).toEqual({ requests: [], bookings: [] });
    // And the settings calls keep the hours as sent, for the caller only.
    const hours = await call(t, 'PUT', `/api/user/availability?userId=${world.actors.business.id}`, other, {
      availability: EVERY_DAY,
    });
    expect(hours.json().id).toBe(other.id);
    // The CSV export lists the caller's bookings only, whatever owner the query names.
    const csv = await call(
      t,
      'GET',
      `/api/booking/export.csv?from=2000-01-01&to=2006-12-31&businessId=${world.actors.business.id}&userId=${world.actors.business.id}`,
      other,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('8.2.3 the calendar feed is made and revoked for the caller only, whatever owner the body or query names', async () => {
    const world = await createWorld(t, db());
    const feedOwners = async () =>
      (await db().selectFrom('calendar_feeds').select('user_id').execute()).map((row) => row.user_id);
    const made = await call(
      t,
      'POST',
      `/api/user/calendar-feed?userId=${world.actors.business.id}`,
      world.actors.otherBusiness,
      { ...hostileFields(world), userId: world.actors.business.id, user_id: world.actors.business.id },
    );
    expect(made.statusCode).toBe(200);
    expect(await feedOwners()).toContain(world.actors.otherBusiness.id);
    expect(await feedOwners()).not.toContain(world.actors.business.id);
    expect((await call(t, 'POST', '/api/user/calendar-feed', world.actors.business)).statusCode).toBe(200);
    const revoked = await call(
      t,
      'DELETE',
      `/api/user/calendar-feed?userId=${world.actors.business.id}`,
      world.actors.otherBusiness,
    );
    expect(revoked.statusCode).toBe(204);
    expect(await feedOwners()).toContain(world.actors.business.id);
    expect(await feedOwners()).not.toContain(world.actors.otherBusiness.id);
  });
});
