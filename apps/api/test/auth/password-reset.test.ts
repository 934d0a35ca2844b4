import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  base64,
  bearer,
  createConfirmedUser,
  login,
  NEW_PASSWORD,
  registerUser,
  uniqueEmail,
} from '../helpers/factories';

describeEachDatabase('POST /api/auth/forgot-password and /api/auth/reset-password', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const forgot = (username: string, app = t) => app.post('/api/auth/forgot-password', { username });
  const reset = (email: string, confirmationCode: string, newPassword = NEW_PASSWORD, app = t) =>
    app.post('/api/auth/reset-password', { email, confirmationCode, newPassword });

  it('forgot-password answers the same whether or not the account exists, and emails only real accounts', async () => {
    const account = await createConfirmedUser(t);
    const unknown = uniqueEmail();
    const known = await forgot(account.email);
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetCodeSent });
    expect(t.mailer.to(account.email).at(-1)?.subject).toMatch(/password reset code/);
    expect(t.mailer.to(unknown)).toHaveLength(0);
  });

  it('resets the password with the code, and ends every session of the account', async () => {
    const account = await createConfirmedUser(t);
    const session = await login(t, account);
    await forgot(account.email);
    const response = await reset(account.email, t.mailer.lastCode(account.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    expect((await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    const oldAccess = await t.app.inject({
      url: '/api/user/userdetails',
      headers: bearer(session.accessToken),
    });
    expect(oldAccess.statusCode).toBe(401);
    expect((await t.post('/api/auth/login', account)).statusCode).toBe(401);
    expect(
      (await t.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('accepts a base64 new password', async () => {
    const account = await createConfirmedUser(t);
    await forgot(account.email);
    const response = await t.post(
      '/api/auth/reset-password',
      {
        email: account.email,
        confirmationCode: t.mailer.lastCode(account.email),
        newPassword: base64(NEW_PASSWORD),
      },
      { headers: { 'x-password-encoding': 'base64' } },
    );
    expect(response.statusCode).toBe(200);
    expect(
      (await t.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('confirms an unconfirmed account, since the code proves the address', async () => {
    const account = await registerUser(t);
    await forgot(account.email);
    expect((await reset(account.email, t.mailer.lastCode(account.email))).statusCode).toBe(200);
    expect(
      (await t.post('/api/auth/login', { email: account.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers 400 CodeMismatch for a wrong code and keeps the old password', async () => {
    const account = await createConfirmedUser(t);
    await forgot(account.email);
    const code = t.mailer.lastCode(account.email);
    const response = await reset(account.email, code === '000000' ? '111111' : '000000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'CodeMismatch', message: AUTH_MESSAGES.codeMismatch });
    expect((await t.post('/api/auth/login', account)).statusCode).toBe(200);
  });

  it('answers CodeMismatch for an unknown email too', async () => {
    const response = await reset(uniqueEmail(), '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CodeMismatch');
  });

  it('answers 400 ExpiredCode after an hour', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(clocked);
      await forgot(account.email, clocked);
      const code = clocked.mailer.lastCode(account.email);
      clocked.clock.advance(HOUR_MS + MINUTE_MS);
      const response = await reset(account.email, code, NEW_PASSWORD, clocked);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'ExpiredCode', message: AUTH_MESSAGES.codeExpired });
    } finally {
      await clocked.close();
    }
  });

  it('answers 400 with the password rule message for a weak new password, using up nothing', async () => {
    const account = await createConfirmedUser(t);
    await forgot(account.email);
    const code = t.mailer.lastCode(account.email);
    const weak = await reset(account.email, code, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'ValidationError',
      errors: { newPassword: MESSAGES.passwordComposition },
    });
    expect((await reset(account.email, code)).statusCode).toBe(200);
  });

  it('answers 400 for a code shorter than 6 characters', async () => {
    const response = await reset(uniqueEmail(), '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ confirmationCode: MESSAGES.resetCodeTooShort });
  });
});
