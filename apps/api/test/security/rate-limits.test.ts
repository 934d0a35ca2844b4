import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/lib/clock';
import { createTestApp, randomIp, type TestApp } from '../helpers/app';
import {
  createConfirmedUser,
  NEW_PASSWORD,
  PASSWORD,
  registerUser,
  registration,
  uniqueEmail,
} from '../helpers/factories';
import { businessRegistration } from '../helpers/invites';
import { CUSTOMER_ADDRESS, call, createCustomer } from '../helpers/marketplace';
import { forEachDatabase } from './support';

const LIMIT = 3;

/** A 429 as api-contract §1 has it: the error body and a Retry-After of 1…`max` seconds. */
function expectLimited(response: LightMyRequestResponse, max: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ code: 'TooManyRequests', message: expect.any(String) });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(max);
}

forEachDatabase((database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db, { config: { authRateLimit: LIMIT } });
  });
  afterAll(() => t.close());

  const db = () => database().db;

  it('6.3.1 2.4.1 every rate-limited call allows AUTH_RATE_LIMIT calls per IP per minute, then 429 with Retry-After; other IPs go on, and the next minute opens again', async () => {
    const customer = await createCustomer(t, db());
    const calls: Array<[string, () => unknown, Partial<InjectOptions>?]> = [
      ['/api/auth/register', () => registration()],
      ['/api/auth/confirm-signup', () => ({ username: uniqueEmail(), code: '123456' })],
      ['/api/auth/resend-code', () => ({ username: uniqueEmail() })],
      ['/api/auth/login', () => ({ email: uniqueEmail(), password: 'Wr0ngPass!' })],
      ['/api/auth/forgot-password', () => ({ username: uniqueEmail() })],
      [
        '/api/auth/reset-password',
        () => ({ email: uniqueEmail(), confirmationCode: '123456', newPassword: NEW_PASSWORD }),
      ],
      ['/api/auth/verify-invite', () => ({ inviteCode: 'A'.repeat(43) })],
      ['/api/auth/register-with-invite', () => businessRegistration('A'.repeat(43))],
      ['/api/user/verify-email', () => ({ code: '123456' }), { headers: customer.headers }],
    ];
    const clientIp = randomIp();
    for (const [url, body, extra] of calls) {
      for (let i = 0; i < LIMIT; i += 1) {
        const response = await t.post(url, body(), { remoteAddress: clientIp, ...extra });
        expect(response.statusCode, `${url} #${i + 1}`).not.toBe(429);
      }
      expectLimited(await t.post(url, body(), { remoteAddress: clientIp, ...extra }), 60);
      expect((await t.post(url, body(), { remoteAddress: randomIp(), ...extra })).statusCode, url).not.toBe(
        429,
      );
    }
    t.clock.advance(MINUTE_MS + 1000);
    expect((await t.post('/api/auth/login', calls[3]?.[1](), { remoteAddress: clientIp })).statusCode).toBe(
      401,
    );
  });

  it('6.3.1 failed logins are limited per account from any IP: after 5, the account answers 429 (Retry-After ≈ 15 min) even to the right password and to another spelling of the email', async () => {
    const clocked = await createTestApp(db());
    try {
      const account = await createConfirmedUser(clocked);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await clocked.post(
          '/api/auth/login',
          { email: account.email, password: 'Wr0ngPass!' },
          { remoteAddress: randomIp() },
        );
        expect(wrong.statusCode).toBe(401);
      }
      for (const email of [account.email, account.email.toUpperCase(), `  ${account.email}  `]) {
        const blocked = await clocked.post(
          '/api/auth/login',
          { email, password: PASSWORD },
          { remoteAddress: randomIp() },
        );
        expectLimited(blocked, 15 * 60);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
      clocked.clock.advance(15 * MINUTE_MS + 1000);
      expect((await clocked.post('/api/auth/login', account, { remoteAddress: randomIp() })).statusCode).toBe(
        200,
      );
    } finally {
      await clocked.close();
    }
  });

  it('6.3.1 wrong confirmation and reset codes are limited per account from any IP', async () => {
    const clocked = await createTestApp(db());
    try {
      const signup = await registerUser(clocked);
      const signupCode = clocked.mailer.lastCode(signup.email);
      const customer = await createConfirmedUser(clocked);
      await clocked.post('/api/auth/forgot-password', { username: customer.email });
      const resetCode = clocked.mailer.lastCode(customer.email);
      const attempts: Array<[string, (code: string) => unknown, string]> = [
        ['/api/auth/confirm-signup', (code) => ({ username: signup.email, code }), signupCode],
        [
          '/api/auth/reset-password',
          (code) => ({ email: customer.email, confirmationCode: code, newPassword: NEW_PASSWORD }),
          resetCode,
        ],
      ];
      for (const [url, body, right] of attempts) {
        const wrong = right === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i += 1) {
          expect((await clocked.post(url, body(wrong), { remoteAddress: randomIp() })).statusCode).toBe(400);
        }
        expectLimited(await clocked.post(url, body(right), { remoteAddress: randomIp() }), 15 * 60);
      }
    } finally {
      await clocked.close();
    }
  });

  it('2.4.1 code emails are capped per address (resend-code, forgot-password), and email changes per address and per account, however many IPs ask', async () => {
    const clocked = await createTestApp(db());
    try {
      const signup = await registerUser(clocked);
      const customer = await createConfirmedUser(clocked);
      const before = clocked.mailer.messages.length;
      for (let i = 0; i < 8; i += 1) {
        for (const [url, username] of [
          ['/api/auth/resend-code', signup.email],
          ['/api/auth/forgot-password', customer.email],
        ] as const) {
          // Quietly: the answer must stay the same as for an unknown email (6.3.8).
          expect((await clocked.post(url, { username }, { remoteAddress: randomIp() })).statusCode).toBe(200);
        }
      }
      const sent = clocked.mailer.messages.slice(before);
      expect(sent.filter((m) => m.to === signup.email)).toHaveLength(5);
      expect(sent.filter((m) => m.to === customer.email)).toHaveLength(5);

      // One account asking for code emails to address after address.
      const owner = await createCustomer(clocked, db());
      const change = (email: string) =>
        call(clocked, 'PUT', '/api/user/update', owner, {
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: email,
          PhoneNumber: '+447123456789',
          Address: CUSTOMER_ADDRESS,
        });
      for (let i = 0; i < 5; i += 1) expect((await change(uniqueEmail('target'))).statusCode).toBe(200);
      const sixth = uniqueEmail('target');
      expectLimited(await change(sixth), 15 * 60);
      expect(clocked.mailer.to(sixth)).toEqual([]);
      // Many accounts asking for code emails to one address.
      const victim = uniqueEmail('victim');
      for (let i = 0; i < 5; i += 1) {
        const other = await createCustomer(clocked, db());
        const response = await call(clocked, 'PUT', '/api/user/update', other, {
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: victim,
          PhoneNumber: '+447123456789',
          Address: CUSTOMER_ADDRESS,
        });
        expect(response.statusCode).toBe(200);
      }
      const last = await createCustomer(clocked, db());
      expectLimited(
        await call(clocked, 'PUT', '/api/user/update', last, {
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: victim,
          PhoneNumber: '+447123456789',
          Address: CUSTOMER_ADDRESS,
        }),
        15 * 60,
      );
      expect(clocked.mailer.to(victim)).toHaveLength(5);
    } finally {
      await clocked.close();
    }
  });

  it('6.3.1 a spoofed X-Forwarded-For (or X-Real-IP, Forwarded) does not get round the per-IP limit when no proxy is trusted', async () => {
    const peer = randomIp();
    const spoof = (i: number) => ({
      'x-forwarded-for': `203.0.113.${i}`,
      'x-real-ip': `203.0.113.${i}`,
      forwarded: `for=203.0.113.${i}`,
    });
    for (let i = 0; i < LIMIT; i += 1) {
      await t.post(
        '/api/auth/forgot-password',
        { username: uniqueEmail() },
        { remoteAddress: peer, headers: spoof(i + 1) },
      );
    }
    expectLimited(
      await t.post(
        '/api/auth/forgot-password',
        { username: uniqueEmail() },
        { remoteAddress: peer, headers: spoof(99) },
      ),
      60,
    );
  });

  it('6.3.1 with TRUST_PROXY listing the proxies, each forwarded client has its own count; a client cannot choose its address through the proxy, and other peers’ headers are ignored', async () => {
    const proxied = await createTestApp(db(), {
      config: { authRateLimit: LIMIT, trustProxy: '10.0.0.5,10.1.0.0/16' },
    });
    try {
      const forgot = (remoteAddress: string, forwardedFor: string) =>
        proxied.post(
          '/api/auth/forgot-password',
          { username: uniqueEmail() },
          { remoteAddress, headers: { 'x-forwarded-for': forwardedFor } },
        );
      // Client A through the proxy: limited on its own address.
      for (let i = 0; i < LIMIT; i += 1)
        expect((await forgot('10.0.0.5', '203.0.113.1')).statusCode).toBe(200);
      expectLimited(await forgot('10.0.0.5', '203.0.113.1'), 60);
      // Client B through the same proxy (or another one in the trusted range) is not.
      expect((await forgot('10.0.0.5', '203.0.113.2')).statusCode).toBe(200);
      expect((await forgot('10.1.7.7', '203.0.113.2')).statusCode).toBe(200);
      // Client A sends its own X-Forwarded-For; the proxy appends A's real address, which counts.
      expectLimited(await forgot('10.0.0.5', '198.51.100.1, 203.0.113.1'), 60);
      // Two trusted proxies in a row: the first untrusted hop from the right is the client.
      expectLimited(await forgot('10.0.0.5', '203.0.113.1, 10.1.0.9'), 60);
      // A peer that is not a listed proxy cannot pick its address.
      const stranger = '192.0.2.50';
      for (let i = 0; i < LIMIT; i += 1) await forgot(stranger, `203.0.113.${10 + i}`);
      expectLimited(await forgot(stranger, '203.0.113.99'), 60);
    } finally {
      await proxied.close();
    }
  });

  it('6.3.1 an IPv6 client counts by its /64, so rotating addresses inside it does not reset the count', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < LIMIT; i += 1) {
      await t.post(
        '/api/auth/login',
        { email: uniqueEmail(), password: 'Wr0ngPass!' },
        { remoteAddress: `${network}::${i + 1}` },
      );
    }
    expectLimited(
      await t.post(
        '/api/auth/login',
        { email: uniqueEmail(), password: 'Wr0ngPass!' },
        { remoteAddress: `${network}:dead:beef:1:2` },
      ),
      60,
    );
  });
});
