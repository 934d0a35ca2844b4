import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createConfirmedUser, registration, uniqueEmail } from '../helpers/factories';

const LIMIT = 3;

describeEachDatabase('rate limits', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db, { config: { authRateLimit: LIMIT } });
  });
  afterAll(() => t.close());

  const calls: Array<[string, () => unknown]> = [
    ['/api/auth/login', () => ({ email: uniqueEmail(), password: 'Wr0ngPass!' })],
    ['/api/auth/confirm-signup', () => ({ username: uniqueEmail(), code: '123456' })],
    ['/api/auth/resend-code', () => ({ username: uniqueEmail() })],
    ['/api/auth/forgot-password', () => ({ username: uniqueEmail() })],
    [
      '/api/auth/reset-password',
      () => ({ email: uniqueEmail(), confirmationCode: '123456', newPassword: 'Passw0rd!' }),
    ],
    ['/api/auth/register', () => registration()],
  ];

  it.each(calls)(
    `%s allows AUTH_RATE_LIMIT (${LIMIT}) calls per IP per minute, then 429 with Retry-After`,
    async (url, body) => {
      const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}-${url}`;
      for (let i = 0; i < LIMIT; i += 1) {
        const response = await t.post(url, body(), { remoteAddress: ip });
        expect(response.statusCode).not.toBe(429);
      }
      const limited = await t.post(url, body(), { remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'TooManyRequests', message: expect.any(String) });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another IP is unaffected.
      expect((await t.post(url, body(), { remoteAddress: `${ip}-other` })).statusCode).not.toBe(429);
    },
  );

  it('counts bad requests too, and opens again in the next minute', async () => {
    const clocked = await createTestApp(database().db, { config: { authRateLimit: LIMIT } });
    try {
      for (let i = 0; i < LIMIT; i += 1)
        expect((await clocked.post('/api/auth/login', { nope: 1 })).statusCode).toBe(400);
      expect((await clocked.post('/api/auth/login', { nope: 1 })).statusCode).toBe(429);
      clocked.clock.advance(MINUTE_MS + 1000);
      expect((await clocked.post('/api/auth/login', { nope: 1 })).statusCode).toBe(400);
    } finally {
      await clocked.close();
    }
  });

  it('blocks an account for 15 minutes after 5 failed logins, even with the right password', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(clocked);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await clocked.post('/api/auth/login', { email: account.email, password: 'Wr0ngPass!' });
        expect(wrong.statusCode).toBe(401);
      }
      const blocked = await clocked.post('/api/auth/login', account);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('TooManyRequests');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // From another IP too: the limit belongs to the account.
      expect(
        (await clocked.post('/api/auth/login', account, { remoteAddress: '203.0.113.7' })).statusCode,
      ).toBe(429);
      clocked.clock.advance(15 * MINUTE_MS + 1000);
      expect((await clocked.post('/api/auth/login', account)).statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });

  it('blocks unknown emails exactly like real ones (no account enumeration)', async () => {
    const email = uniqueEmail();
    const isolated = await createTestApp(database().db);
    try {
      for (let i = 0; i < 5; i += 1)
        await isolated.post('/api/auth/login', { email, password: 'Wr0ngPass!' });
      expect((await isolated.post('/api/auth/login', { email, password: 'Wr0ngPass!' })).statusCode).toBe(
        429,
      );
    } finally {
      await isolated.close();
    }
  });

  it('a successful login clears earlier failures', async () => {
    const isolated = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(isolated);
      for (let i = 0; i < 4; i += 1)
        await isolated.post('/api/auth/login', { ...account, password: 'Wr0ngPass!' });
      expect((await isolated.post('/api/auth/login', account)).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await isolated.post('/api/auth/login', { ...account, password: 'Wr0ngPass!' })).statusCode,
        ).toBe(401);
      }
    } finally {
      await isolated.close();
    }
  });

  it('blocks code guessing on an account after 5 wrong codes', async () => {
    const isolated = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(isolated);
      await isolated.post('/api/auth/forgot-password', { username: account.email });
      const body = { email: account.email, confirmationCode: '000000', newPassword: 'Passw0rd!' };
      const code = isolated.mailer.lastCode(account.email);
      if (code === '000000') body.confirmationCode = '111111';
      for (let i = 0; i < 5; i += 1) {
        expect((await isolated.post('/api/auth/reset-password', body)).statusCode).toBe(400);
      }
      const blocked = await isolated.post('/api/auth/reset-password', { ...body, confirmationCode: code });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await isolated.close();
    }
  });

  it('keeps the counters in the database, shared by every app instance', async () => {
    const first = await createTestApp(database().db, { config: { authRateLimit: 2 }, ip: '198.51.100.20' });
    const second = await createTestApp(database().db, { config: { authRateLimit: 2 }, ip: '198.51.100.20' });
    try {
      await first.post('/api/auth/resend-code', { username: uniqueEmail() });
      await second.post('/api/auth/resend-code', { username: uniqueEmail() });
      expect((await first.post('/api/auth/resend-code', { username: uniqueEmail() })).statusCode).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
