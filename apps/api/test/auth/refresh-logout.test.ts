import { REFRESH_TOKEN_TTL_DAYS } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/lib/clock';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { REFRESH_REUSE_GRACE_MS } from '../../src/modules/auth/auth.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer, createConfirmedUser, login } from '../helpers/factories';

describeEachDatabase('POST /api/auth/refresh and /api/auth/logout', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) => t.post('/api/auth/refresh', { refreshToken });

  it('rotates: returns new tokens, and the old refresh token stops working', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const response = await refresh(tokens.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = response.json();
    expect(Object.keys(next).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    const details = await t.app.inject({ url: '/api/user/userdetails', headers: bearer(next.accessToken) });
    expect(details.statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole login when a rotated token is used again', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const tokens = await login(clocked, await createConfirmedUser(clocked));
      const next = (await clocked.post('/api/auth/refresh', tokens)).json();
      clocked.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const reuse = await clocked.post('/api/auth/refresh', tokens);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ code: 'NotAuthorized', message: AUTH_MESSAGES.invalidRefreshToken });
      // The legitimate holder's newer token is revoked too.
      expect((await clocked.post('/api/auth/refresh', next)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('treats a re-use within seconds of the rotation as a race: 401, but the login survives', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const next = (await refresh(tokens.refreshToken)).json();
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes of one token win', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const responses = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = responses.find((r) => r.statusCode === 200)?.json();
    expect((await refresh(winner.refreshToken)).statusCode).toBe(200);
  });

  it('lets exactly one of many concurrent refreshes win', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(tokens.refreshToken)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(7);
  });

  it('answers 401 for an unknown or malformed token and 400 for a missing one', async () => {
    expect((await refresh('definitely-not-a-token')).statusCode).toBe(401);
    const missing = await t.post('/api/auth/refresh', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('ValidationError');
  });

  it(`answers 401 once the refresh token is ${REFRESH_TOKEN_TTL_DAYS} days old`, async () => {
    const clocked = await createTestApp(database().db);
    try {
      const tokens = await login(clocked, await createConfirmedUser(clocked));
      clocked.clock.advance(REFRESH_TOKEN_TTL_DAYS * DAY_MS + MINUTE_MS);
      expect((await clocked.post('/api/auth/refresh', tokens)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('logout answers 204 and ends that login only', async () => {
    const account = await createConfirmedUser(t);
    const phone = await login(t, account);
    const laptop = await login(t, account);
    const response = await t.post('/api/auth/logout', { refreshToken: phone.refreshToken });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('logout also ends the rotated successors of the token and ignores unknown tokens', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const next = (await refresh(tokens.refreshToken)).json();
    expect((await t.post('/api/auth/logout', { refreshToken: next.refreshToken })).statusCode).toBe(204);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await t.post('/api/auth/logout', { refreshToken: 'unknown' })).statusCode).toBe(204);
  });

  it('stores refresh tokens only as hashes', async () => {
    const tokens = await login(t, await createConfirmedUser(t));
    const rows = await database().db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash.includes(tokens.refreshToken))).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
