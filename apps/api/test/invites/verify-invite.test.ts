import { randomBytes } from 'node:crypto';
import { INVITE_EXPIRY_HOURS, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import { type Actor, withFreshToken } from '../helpers/marketplace';

describeEachDatabase('POST /api/auth/verify-invite', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const verify = (inviteCode: unknown) => t.post('/api/auth/verify-invite', { inviteCode });
  /** The Admin with a token minted now (tests move the clock past the 15-minute token life). */
  const currentAdmin = () => withFreshToken(t, database().db, admin, 'Admin');

  it('tells the invited email of a usable invite, without a token', async () => {
    const email = uniqueEmail('shop');
    const code = await sendInvite(t, await currentAdmin(), email);
    const response = await verify(code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email, valid: true, expired: false });
    // Checking does not use it up.
    expect((await verify(code)).json()).toEqual({ email, valid: true, expired: false });
  });

  it('answers valid:false, expired:false and no email for random and malformed codes', async () => {
    for (const code of [
      randomBytes(32).toString('base64url'),
      'abc',
      '../../etc/passwd',
      "' or 1=1 --",
      'x'.repeat(128),
    ]) {
      const response = await verify(code);
      expect(response.statusCode, code).toBe(200);
      expect(response.json()).toEqual({ email: null, valid: false, expired: false });
    }
  });

  it('answers valid:false, expired:false and no email once the invite is used', async () => {
    const code = await sendInvite(t, await currentAdmin(), uniqueEmail('shop'));
    const registered = await t.post('/api/auth/register-with-invite', businessRegistration(code));
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await verify(code)).json()).toEqual({ email: null, valid: false, expired: false });
    // Used stays used, also after it would have expired.
    t.clock.advance(INVITE_EXPIRY_HOURS * HOUR_MS);
    expect((await verify(code)).json()).toEqual({ email: null, valid: false, expired: false });
  });

  it('answers expired:true from exactly 48 hours on, and valid until then', async () => {
    const email = uniqueEmail('shop');
    const code = await sendInvite(t, await currentAdmin(), email);
    t.clock.advance(INVITE_EXPIRY_HOURS * HOUR_MS - 1);
    expect((await verify(code)).json()).toEqual({ email, valid: true, expired: false });
    t.clock.advance(1);
    expect((await verify(code)).json()).toEqual({ email: null, valid: false, expired: true });
  });

  it.each([
    [{ inviteCode: '' }, MESSAGES.inviteCodeRequired],
    [{ inviteCode: '   ' }, MESSAGES.inviteCodeRequired],
    [{}, MESSAGES.inviteCodeRequired],
    [{ inviteCode: 42 }, MESSAGES.inviteCodeRequired],
    [{ inviteCode: 'x'.repeat(129) }, 'Must be at most 128 characters'],
    [{ inviteCode: 'abc\u0000' }, MESSAGES.invalidCharacters],
  ])('answers 400 for %j', async (body, message) => {
    const response = await t.post('/api/auth/verify-invite', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { inviteCode: message } });
  });
});

describeEachDatabase('verify-invite rate limit', (database) => {
  it('allows AUTH_RATE_LIMIT checks a minute per IP, then 429 with Retry-After', async () => {
    const t = await createTestApp(database().db, { config: { authRateLimit: 3 } });
    try {
      const guess = () => t.post('/api/auth/verify-invite', { inviteCode: randomBytes(16).toString('hex') });
      for (let i = 0; i < 3; i += 1) expect((await guess()).statusCode).toBe(200);
      const limited = await guess();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('TooManyRequests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another IP is not affected.
      const other = await t.post(
        '/api/auth/verify-invite',
        { inviteCode: 'abc' },
        { remoteAddress: '192.0.2.77' },
      );
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
