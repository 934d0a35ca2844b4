import { createHmac, generateKeyPairSync, sign as signAsymmetric } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../../src/modules/auth/auth.service';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  type Account,
  bearer,
  createConfirmedUser,
  login,
  NEW_PASSWORD,
  type Tokens,
} from '../helpers/factories';
import { claimsOf, forEachDatabase } from './support';

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

const hmac = (algorithm: string, input: string, secret: string) =>
  createHmac(algorithm, secret).update(input).digest('base64url');

/** A JWT with any header, payload and signature function. */
function forge(header: unknown, payload: unknown, signature: (input: string) => string): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${signature(input)}`;
}

forEachDatabase((database) => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    account = await createConfirmedUser(t);
  });
  afterAll(() => t.close());

  const details = (accessToken: string, app: TestApp = t) =>
    app.app.inject({ url: '/api/user/userdetails', headers: bearer(accessToken) });
  const refresh = (refreshToken: string, app: TestApp = t) => app.post('/api/auth/refresh', { refreshToken });

  /** Every token of a set of logins answers 401 NotAuthorized: access tokens and refresh tokens. */
  async function expectAllDead(sessions: Tokens[], app: TestApp = t) {
    for (const session of sessions) {
      const access = await details(session.accessToken, app);
      expect(access.statusCode).toBe(401);
      expect(access.json().code).toBe('NotAuthorized');
      expect((await refresh(session.refreshToken, app)).statusCode).toBe(401);
    }
  }

  it('9.1.1 9.1.2 access tokens signed with alg none, HS384, HS512, RS256, ES256 or EdDSA (even with the server’s secret as the key) are refused', async () => {
    const { accessToken } = await login(t, account);
    expect((await details(accessToken)).statusCode).toBe(200);
    const claims = claimsOf(accessToken);
    const secret = t.config.jwtSecret;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ed = generateKeyPairSync('ed25519');
    const forged: Record<string, string> = {
      'alg none, no signature': forge({ alg: 'none', typ: 'JWT' }, claims, () => ''),
      'alg None': forge({ alg: 'None', typ: 'JWT' }, claims, () => ''),
      'alg NONE with the real signature': forge({ alg: 'NONE' }, claims, (i) => hmac('sha256', i, secret)),
      'no alg, HS256 signature': forge({ typ: 'JWT' }, claims, (i) => hmac('sha256', i, secret)),
      'alg hs256 (lower case)': forge({ alg: 'hs256' }, claims, (i) => hmac('sha256', i, secret)),
      'alg as a list': forge({ alg: ['HS256'] }, claims, (i) => hmac('sha256', i, secret)),
      'HS384 with the secret': forge({ alg: 'HS384', typ: 'JWT' }, claims, (i) => hmac('sha384', i, secret)),
      'HS512 with the secret': forge({ alg: 'HS512', typ: 'JWT' }, claims, (i) => hmac('sha512', i, secret)),
      // Key confusion: RS256 "verified" with the HMAC secret as if it were a public key.
      'RS256 header, HMAC signature': forge({ alg: 'RS256' }, claims, (i) => hmac('sha256', i, secret)),
      'RS256 with an attacker key': forge({ alg: 'RS256', typ: 'JWT' }, claims, (i) =>
        signAsymmetric('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
      'RS256 with an embedded jwk': forge(
        { alg: 'RS256', jwk: rsa.publicKey.export({ format: 'jwk' }) },
        claims,
        (i) => signAsymmetric('sha256', Buffer.from(i), rsa.privateKey).toString('base64url'),
      ),
      'ES256 with an attacker key': forge({ alg: 'ES256' }, claims, (i) =>
        signAsymmetric('sha256', Buffer.from(i), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }).toString(
          'base64url',
        ),
      ),
      'EdDSA with an attacker key': forge({ alg: 'EdDSA' }, claims, (i) =>
        signAsymmetric(null, Buffer.from(i), ed.privateKey).toString('base64url'),
      ),
      'HS256 with another secret': forge({ alg: 'HS256', typ: 'JWT' }, claims, (i) =>
        hmac('sha256', i, `${secret}x`),
      ),
      'HS256 with an empty secret': forge({ alg: 'HS256', typ: 'JWT' }, claims, (i) => hmac('sha256', i, '')),
    };
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries(forged).map(async ([name, token]) => {
          const response = await details(token);
          return [name, `${response.statusCode} ${response.json().code}`] as const;
        }),
      ),
    );
    expect(answers).toEqual(
      Object.fromEntries(Object.keys(forged).map((name) => [name, '401 NotAuthorized'])),
    );
  });

  it('9.1.1 a tampered signature or payload is refused: another user, Admin role, later expiry, padded or re-encoded signature', async () => {
    const { accessToken } = await login(t, account);
    const other = await login(t, await createConfirmedUser(t));
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = claimsOf(accessToken);
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const tampered = {
      'first signature character': `${header}.${payload}.${flip(signature, 0)}`,
      'last signature character': `${header}.${payload}.${flip(signature, signature.length - 2)}`,
      'no signature': `${header}.${payload}.`,
      'signature with padding': `${header}.${payload}.${signature}=`,
      'signature as standard base64': `${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64')}`,
      'another user (sub)': `${header}.${b64url({ ...claims, sub: claimsOf(other.accessToken).sub })}.${signature}`,
      'Admin role': `${header}.${b64url({ ...claims, userType: 'Admin' })}.${signature}`,
      'a year longer': `${header}.${b64url({ ...claims, exp: Number(claims.exp) + 31_536_000 })}.${signature}`,
      "another login's signature": `${header}.${payload}.${other.accessToken.split('.')[2]}`,
      'four parts': `${accessToken}.${signature}`,
      'two parts': `${header}.${payload}`,
    };
    for (const [name, token] of Object.entries(tampered)) {
      const response = await details(token);
      expect(response.statusCode, name).toBe(401);
    }
    expect((await details(accessToken)).statusCode).toBe(200);
  });

  it('9.1.1 14.2.1 the access token is accepted only as a Bearer Authorization header, never from the query string', async () => {
    const { accessToken } = await login(t, account);
    for (const headers of [
      { authorization: accessToken },
      { authorization: `Basic ${accessToken}` },
      { authorization: `Bearer  ${accessToken}` },
      { authorization: `Bearer ${accessToken} x` },
      { 'x-access-token': accessToken },
      { cookie: `accessToken=${accessToken}` },
    ]) {
      const response = await t.app.inject({ url: '/api/user/userdetails', headers });
      expect(response.statusCode, JSON.stringify(Object.keys(headers))).toBe(401);
    }
    for (const query of ['access_token', 'accessToken', 'token']) {
      const response = await t.app.inject({ url: `/api/user/userdetails?${query}=${accessToken}` });
      expect(response.statusCode, query).toBe(401);
    }
    // RFC 9110: the scheme name is case-insensitive.
    expect(
      (
        await t.app.inject({
          url: '/api/user/userdetails',
          headers: { authorization: `bearer ${accessToken}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('9.2.2 a refresh token is never accepted as an access token, nor an access token as a refresh token', async () => {
    const tokens = await login(t, account);
    const asAccess = await details(tokens.refreshToken);
    expect(asAccess.statusCode).toBe(401);
    expect(asAccess.json().code).toBe('NotAuthorized');
    const asRefresh = await refresh(tokens.accessToken);
    expect(asRefresh.statusCode).toBe(401);
    // Neither attempt harmed the login.
    expect((await details(tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(200);
  });

  it('9.2.1 an access token expires after 15 minutes on the server’s clock; the refresh token then gives a new one', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const tokens = await login(clocked, await createConfirmedUser(clocked));
      const claims = claimsOf(tokens.accessToken);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCESS_TOKEN_TTL_SECONDS);
      clocked.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 2000);
      expect((await details(tokens.accessToken, clocked)).statusCode).toBe(200);
      clocked.clock.advance(2000);
      const expired = await details(tokens.accessToken, clocked);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('NotAuthorized');
      const renewed = await refresh(tokens.refreshToken, clocked);
      expect(renewed.statusCode).toBe(200);
      expect((await details(renewed.json().accessToken, clocked)).statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('7.4.1 logout ends its login at once: every access token issued to it (before and after refreshes) and every refresh token of it', async () => {
    const first = await login(t, account);
    const rotated: Tokens = (await refresh(first.refreshToken)).json();
    const latest: Tokens = (await refresh(rotated.refreshToken)).json();
    const otherLogin = await login(t, account);
    for (const token of [first, rotated, latest].map((s) => s.accessToken)) {
      expect((await details(token)).statusCode).toBe(200);
    }
    expect((await t.post('/api/auth/logout', { refreshToken: latest.refreshToken })).statusCode).toBe(204);
    await expectAllDead([first, rotated, latest]);
    // api-contract §2: logout ends that login only; the account's other logins go on.
    expect((await details(otherLogin.accessToken)).statusCode).toBe(200);
  });

  it('7.4.1 7.4.3 a password reset ends every login of the account at once, including access tokens already issued', async () => {
    const victim = await createConfirmedUser(t);
    const sessions = [await login(t, victim), await login(t, victim), await login(t, victim)];
    sessions[2] = (await refresh((sessions[2] as Tokens).refreshToken)).json();
    await t.post('/api/auth/forgot-password', { username: victim.email });
    const reset = await t.post('/api/auth/reset-password', {
      email: victim.email,
      confirmationCode: t.mailer.lastCode(victim.email),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    await expectAllDead(sessions);
    // The new password starts a new login, which works.
    const fresh = await login(t, { email: victim.email, password: NEW_PASSWORD });
    expect((await details(fresh.accessToken)).statusCode).toBe(200);
  });

  it('7.4.2 deleting the account ends every login at once; a new account with the same email gets none of them', async () => {
    const leaving = await createConfirmedUser(t);
    const sessions = [await login(t, leaving), await login(t, leaving)];
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: bearer((sessions[0] as Tokens).accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    await expectAllDead(sessions);
    await createConfirmedUser(t, { email: leaving.email, password: leaving.password });
    await expectAllDead(sessions);
  });

  it('7.4.1 a re-used (stolen) refresh token ends its whole login, access tokens included', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const stolen = await login(clocked, await createConfirmedUser(clocked));
      const legitimate: Tokens = (await refresh(stolen.refreshToken, clocked)).json();
      clocked.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      expect((await refresh(stolen.refreshToken, clocked)).statusCode).toBe(401);
      await expectAllDead([stolen, legitimate], clocked);
    } finally {
      await clocked.close();
    }
  });
});
