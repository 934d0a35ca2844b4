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

  it('counts an IPv6 client by its /64: rotating addresses inside it does not reset the count', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < LIMIT; i += 1) {
      const response = await t.post(
        '/api/auth/forgot-password',
        { username: uniqueEmail() },
        {
          remoteAddress: `${network}::${(i + 1).toString(16)}`,
        },
      );
      expect(response.statusCode).toBe(200);
    }
    const rotated = await t.post(
      '/api/auth/forgot-password',
      { username: uniqueEmail() },
      {
        remoteAddress: `${network}:dead:beef:1234:5678`,
      },
    );
    expect(rotated.statusCode).toBe(429);
    // The neighbouring /64 is another client.
    const neighbour = await t.post(
      '/api/auth/forgot-password',
      { username: uniqueEmail() },
      {
        remoteAddress: `${network.replace(/:7$/, ':8')}::1`,
      },
    );
    expect(neighbour.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy (TRUST_PROXY)', async () => {
    // Untrusted (the default): a client choosing a new X-Forwarded-For each time is still one client.
    const ip = '198.51.100.99';
    for (let i = 0; i < LIMIT; i += 1) {
      await t.post(
        '/api/auth/resend-code',
        { username: uniqueEmail() },
        {
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        },
      );
    }
    const spoofed = await t.post(
      '/api/auth/resend-code',
      { username: uniqueEmail() },
      {
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '203.0.113.200' },
      },
    );
    expect(spoofed.statusCode).toBe(429);

    // Behind a trusted proxy on loopback, each forwarded client has its own count.
    const proxied = await createTestApp(database().db, {
      config: { authRateLimit: LIMIT, trustProxy: 'loopback' },
    });
    try {
      for (let i = 0; i < LIMIT + 2; i += 1) {
        const response = await proxied.post(
          '/api/auth/resend-code',
          { username: uniqueEmail() },
          {
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          },
        );
        expect(response.statusCode).toBe(200);
      }
      // A peer that is not the proxy cannot choose its address with the header.
      for (let i = 0; i < LIMIT; i += 1) {
        await proxied.post(
          '/api/auth/resend-code',
          { username: uniqueEmail() },
          {
            remoteAddress: '198.51.100.98',
            headers: { 'x-forwarded-for': `203.0.113.${100 + i}` },
          },
        );
      }
      const direct = await proxied.post(
        '/api/auth/resend-code',
        { username: uniqueEmail() },
        {
          remoteAddress: '198.51.100.98',
          headers: { 'x-forwarded-for': '203.0.113.250' },
        },
      );
      expect(direct.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

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
