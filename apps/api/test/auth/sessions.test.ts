import { ACCESS_TOKEN_TTL_SECONDS } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signJwt } from '../../src/lib/jwt';
import { REFRESH_REUSE_GRACE_MS } from '../../src/modules/auth/auth.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer, createConfirmedUser, login, NEW_PASSWORD } from '../helpers/factories';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

describeEachDatabase('access tokens belong to their login', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const details = (accessToken: string, app = t) =>
    app.app.inject({ url: '/api/user/userdetails', headers: bearer(accessToken) });

  it('carries the login (sid) it was issued for, the same across refreshes', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const refreshed = (await t.post('/api/auth/refresh', tokens)).json();
    expect(claimsOf(tokens.accessToken).sid).toEqual(expect.any(String));
    expect(claimsOf(refreshed.accessToken).sid).toBe(claimsOf(tokens.accessToken).sid);
    // A refresh keeps the login live: the access token issued before it still works.
    expect((await details(tokens.accessToken)).statusCode).toBe(200);
    expect((await details(refreshed.accessToken)).statusCode).toBe(200);
  });

  it('logout ends the access tokens of that login at once, and no other login', async () => {
    const account = await createConfirmedUser(t);
    const phone = await login(t, account);
    const laptop = await login(t, account);
    const refreshed = (await t.post('/api/auth/refresh', phone)).json();
    expect((await details(phone.accessToken)).statusCode).toBe(200);

    expect((await t.post('/api/auth/logout', { refreshToken: refreshed.refreshToken })).statusCode).toBe(204);

    for (const accessToken of [phone.accessToken, refreshed.accessToken]) {
      const response = await details(accessToken);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NotAuthorized');
    }
    expect((await details(laptop.accessToken)).statusCode).toBe(200);
  });

  it('a re-used refresh token revokes the login, and its access tokens stop at once', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const tokens = await login(clocked, await createConfirmedUser(clocked));
      const next = (await clocked.post('/api/auth/refresh', tokens)).json();
      clocked.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      expect((await details(next.accessToken, clocked)).statusCode).toBe(200);
      expect((await clocked.post('/api/auth/refresh', tokens)).statusCode).toBe(401); // the re-use
      expect((await details(next.accessToken, clocked)).statusCode).toBe(401);
      expect((await details(tokens.accessToken, clocked)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('a password reset ends the access tokens of every login', async () => {
    const account = await createConfirmedUser(t);
    const first = await login(t, account);
    const second = await login(t, account);
    await t.post('/api/auth/forgot-password', { username: account.email });
    const reset = await t.post('/api/auth/reset-password', {
      email: account.email,
      confirmationCode: t.mailer.lastCode(account.email),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await details(first.accessToken)).statusCode).toBe(401);
    expect((await details(second.accessToken)).statusCode).toBe(401);
  });

  it('refuses a well-signed token without a login, or with another account’s login', async () => {
    const mine = await login(t, await createConfirmedUser(t));
    const theirs = await login(t, await createConfirmedUser(t));
    const claims = claimsOf(mine.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: Record<string, unknown>) =>
      signJwt({ ...payload, iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS }, t.config.jwtSecret);
    const { sid: _sid, ...withoutSid } = claims;
    expect((await details(sign(claims))).statusCode).toBe(200); // the forging itself works
    expect((await details(sign(withoutSid))).statusCode).toBe(401);
    expect((await details(sign({ ...claims, sid: '' }))).statusCode).toBe(401);
    expect((await details(sign({ ...claims, sid: 42 }))).statusCode).toBe(401);
    expect((await details(sign({ ...claims, sid: claimsOf(theirs.accessToken).sid }))).statusCode).toBe(401);
  });

  it('reads the Bearer scheme case-insensitively', async () => {
    const { accessToken } = await login(t, await createConfirmedUser(t));
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({
        url: '/api/user/userdetails',
        headers: { authorization: `${scheme} ${accessToken}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
    const basic = await t.app.inject({
      url: '/api/user/userdetails',
      headers: { authorization: `Basic ${accessToken}` },
    });
    expect(basic.statusCode).toBe(401);
  });
});
