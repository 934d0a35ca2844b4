import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, randomIp, type TestApp } from '../helpers/app';
import { createConfirmedUser, PASSWORD, registerUser, registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import { type Actor, CUSTOMER_ADDRESS, call, createCustomer } from '../helpers/marketplace';
import { forEachDatabase } from './support';

/** What a caller can see of an answer: status and body (headers carry no account data). */
const seen = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.body });

forEachDatabase((database) => {
  let t: TestApp;
  let confirmed: { email: string; password: string };
  let unconfirmed: { email: string; password: string };
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    confirmed = await createConfirmedUser(t);
    unconfirmed = await registerUser(t);
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  /**
   * Calls `url` once per kind of email, each from an address of its own (so no per-IP count
   * differs), and returns what each caller saw.
   */
  async function answers(url: string, body: (email: string) => unknown) {
    const kinds = {
      'confirmed account': confirmed.email,
      'unconfirmed account': unconfirmed.email,
      'no account': uniqueEmail('nobody'),
      'no account (upper case)': uniqueEmail('nobody').toUpperCase(),
    };
    const seenBy: Record<string, ReturnType<typeof seen>> = {};
    for (const [kind, email] of Object.entries(kinds)) {
      seenBy[kind] = seen(await t.post(url, body(email), { remoteAddress: randomIp() }));
    }
    return seenBy;
  }

  /** Every kind of email got exactly the same status and body. */
  function expectAlike(seenBy: Record<string, ReturnType<typeof seen>>, expected: ReturnType<typeof seen>) {
    expect(seenBy).toEqual(Object.fromEntries(Object.keys(seenBy).map((kind) => [kind, expected])));
  }

  it('6.3.8 login with a wrong password answers the same for a confirmed, an unconfirmed and an unknown email', async () => {
    const seenBy = await answers('/api/auth/login', (email) => ({ email, password: 'Wr0ngPass!' }));
    expectAlike(seenBy, {
      status: 401,
      body: JSON.stringify({ message: 'Incorrect username or password.', code: 'NotAuthorized' }),
    });
  });

  it('6.3.8 forgot-password answers known and unknown emails alike, and emails only real accounts', async () => {
    const before = t.mailer.messages.length;
    const seenBy = await answers('/api/auth/forgot-password', (username) => ({ username }));
    expectAlike(seenBy, { status: 200, body: JSON.stringify({ message: AUTH_MESSAGES.resetCodeSent }) });
    const sentTo = t.mailer.messages.slice(before).map((m) => m.to);
    expect(sentTo.sort()).toEqual([confirmed.email, unconfirmed.email].sort());
  });

  it('6.3.8 resend-code answers known, already confirmed and unknown emails alike, and emails only the unconfirmed account', async () => {
    const before = t.mailer.messages.length;
    const seenBy = await answers('/api/auth/resend-code', (username) => ({ username }));
    expectAlike(seenBy, { status: 200, body: JSON.stringify({ message: AUTH_MESSAGES.codeResent }) });
    expect(t.mailer.messages.slice(before).map((m) => m.to)).toEqual([unconfirmed.email]);
  });

  it('6.3.8 confirm-signup with a wrong code answers known, confirmed and unknown emails alike', async () => {
    const code = t.mailer.lastCode(unconfirmed.email) === '000000' ? '111111' : '000000';
    const seenBy = await answers('/api/auth/confirm-signup', (username) => ({ username, code }));
    expectAlike(seenBy, {
      status: 400,
      body: JSON.stringify({ message: AUTH_MESSAGES.codeMismatch, code: 'CodeMismatch' }),
    });
  });

  it('6.3.8 reset-password with a wrong code answers accounts with and without a reset code, and unknown emails, alike', async () => {
    await t.post('/api/auth/forgot-password', { username: confirmed.email });
    const code = t.mailer.lastCode(confirmed.email) === '000000' ? '111111' : '000000';
    const seenBy = await answers('/api/auth/reset-password', (email) => ({
      email,
      confirmationCode: code,
      newPassword: 'N3wPassw0rd&',
    }));
    expectAlike(seenBy, {
      status: 400,
      body: JSON.stringify({ message: AUTH_MESSAGES.codeMismatch, code: 'CodeMismatch' }),
    });
  });

  it('6.3.8 the per-account lock answers unknown emails exactly like real ones', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const real = await createConfirmedUser(clocked);
      const seenBy: Record<string, unknown> = {};
      for (const [kind, email] of [
        ['real', real.email],
        ['unknown', uniqueEmail('nobody')],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i += 1) {
          statuses.push(
            (
              await clocked.post(
                '/api/auth/login',
                { email, password: 'Wr0ngPass!' },
                { remoteAddress: randomIp() },
              )
            ).statusCode,
          );
        }
        const last = await clocked.post(
          '/api/auth/login',
          { email, password: PASSWORD },
          { remoteAddress: randomIp() },
        );
        seenBy[kind] = { statuses, last: seen(last), retryAfter: last.headers['retry-after'] };
      }
      expect(seenBy.unknown).toEqual(seenBy.real);
      expect(seenBy.real).toMatchObject({ statuses: [401, 401, 401, 401, 401, 429] });
    } finally {
      await clocked.close();
    }
  });

  it('6.3.8 verify-invite answers an unknown, a used and a replaced invite code alike, and names the email only for a usable one', async () => {
    const usedEmail = uniqueEmail('used');
    const used = await sendInvite(t, admin, usedEmail);
    expect((await t.post('/api/auth/register-with-invite', businessRegistration(used))).statusCode).toBe(201);
    const replacedEmail = uniqueEmail('replaced');
    const replaced = await sendInvite(t, admin, replacedEmail);
    const current = await sendInvite(t, admin, replacedEmail);
    const check = async (inviteCode: string) => seen(await t.post('/api/auth/verify-invite', { inviteCode }));
    const nothing = { status: 200, body: JSON.stringify({ email: null, valid: false, expired: false }) };
    expect({
      unknown: await check('A'.repeat(43)),
      used: await check(used),
      replaced: await check(replaced),
    }).toEqual({
      unknown: nothing,
      used: nothing,
      replaced: nothing,
    });
    expect(JSON.parse((await check(current)).body)).toEqual({
      email: replacedEmail,
      valid: true,
      expired: false,
    });
  });

  it('6.3.8 register names a taken email only as api-contract §2 allows (409 UsernameExists, nothing more), writes nothing and emails nobody', async () => {
    const before = t.mailer.messages.length;
    const taken = await t.post('/api/auth/register', registration({ email: confirmed.email.toUpperCase() }), {
      remoteAddress: randomIp(),
    });
    expect(seen(taken)).toEqual({
      status: 409,
      body: JSON.stringify({ message: AUTH_MESSAGES.emailTaken, code: 'UsernameExists' }),
    });
    expect(t.mailer.messages.length).toBe(before);
  });

  it('6.3.8 changing the profile email to an address that has an account answers exactly like a free address', async () => {
    const seenBy: Record<string, unknown> = {};
    for (const [kind, email] of [
      ['taken', confirmed.email],
      ['free', uniqueEmail('free')],
    ] as const) {
      const customer = await createCustomer(t, database().db);
      const response = await call(t, 'PUT', '/api/user/update', customer, {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Email: email,
        PhoneNumber: '+447123456789',
        Address: CUSTOMER_ADDRESS,
      });
      // The caller's own id and addresses differ by nature; everything else must not.
      const body = response.body
        .replaceAll(customer.id, '<id>')
        .replaceAll(customer.email, '<own email>')
        .replaceAll(email, '<new email>');
      seenBy[kind] = { status: response.statusCode, body };
    }
    expect(seenBy.taken).toEqual(seenBy.free);
    expect(seenBy.free).toMatchObject({ status: 200 });
  });
});
