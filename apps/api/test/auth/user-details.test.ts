import { createHmac } from 'node:crypto';
import { MINIMUM_PRICE_DEFAULT } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminInDatabase } from '../../src/cli/create-admin.command';
import { MINUTE_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer, createConfirmedUser, login, PASSWORD, uniqueEmail } from '../helpers/factories';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachDatabase('GET /api/user/userdetails', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const details = (headers: Record<string, string> = {}, app = t) =>
    app.app.inject({ url: '/api/user/userdetails', headers });

  it("returns a customer's profile", async () => {
    const account = await createConfirmedUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    const { accessToken } = await login(t, account);
    const response = await details(bearer(accessToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(String),
      FirstName: 'Grace',
      LastName: 'Hopper',
      Email: account.email,
      PhoneNumber: '+447123456789',
      Address: '1 Main Street, Belfast, BT1 1AA',
      Birthdate: '1990-05-01',
      UserType: 'User',
      PendingEmail: null,
    });
  });

  it('adds the business fields for an Admin', async () => {
    const email = uniqueEmail('admin');
    const created = await createAdminInDatabase(database().db, [
      ...['--email', email, '--password', PASSWORD, '--first-name', 'Ada', '--last-name', 'Admin'],
      ...['--business-name', 'Ada Cuts'],
    ]);
    expect(created.exitCode).toBe(0);
    const { accessToken } = await login(t, { email, password: PASSWORD });
    const response = await details(bearer(accessToken));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Email: email,
      UserType: 'Admin',
      BusinessName: 'Ada Cuts',
      BusinessAddress: '',
      BusinessDescription: '',
      minimumPrice: MINIMUM_PRICE_DEFAULT,
      homeVisitsEnabled: false,
      availability: {},
      awayDates: [],
    });
  });

  it('answers 401 without a token, or with a malformed one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('a.b.c'),
    ]) {
      const response = await details(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NotAuthorized');
    }
  });

  it('refuses tokens signed with alg none, another algorithm, or another secret', async () => {
    const { accessToken } = await login(t, await createConfirmedUser(t));
    const [, payload] = accessToken.split('.') as [string, string, string];
    const none = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512Header = encode({ alg: 'HS512', typ: 'JWT' });
    const hs512 = `${hs512Header}.${payload}.${createHmac('sha512', t.config.jwtSecret).update(`${hs512Header}.${payload}`).digest('base64url')}`;
    const forgedHeader = encode({ alg: 'HS256', typ: 'JWT' });
    const forged = `${forgedHeader}.${payload}.${createHmac('sha256', 'another-secret').update(`${forgedHeader}.${payload}`).digest('base64url')}`;
    for (const token of [none, hs512, forged]) {
      expect((await details(bearer(token))).statusCode).toBe(401);
    }
  });

  it('refuses an access token after its 15 minutes', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const { accessToken } = await login(clocked, await createConfirmedUser(clocked));
      clocked.clock.advance(14 * MINUTE_MS);
      expect((await details(bearer(accessToken), clocked)).statusCode).toBe(200);
      clocked.clock.advance(2 * MINUTE_MS);
      expect((await details(bearer(accessToken), clocked)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('refuses the token of a deleted account', async () => {
    const account = await createConfirmedUser(t);
    const { accessToken } = await login(t, account);
    await database().db.deleteFrom('users').where('email', '=', account.email).execute();
    expect((await details(bearer(accessToken))).statusCode).toBe(401);
  });
});
