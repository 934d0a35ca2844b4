import { ACCESS_TOKEN_TTL_SECONDS, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { base64, bearer, createConfirmedUser, registerUser, uniqueEmail } from '../helpers/factories';

describeEachDatabase('POST /api/auth/login', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it('returns a bearer access token and a refresh token', async () => {
    const account = await createConfirmedUser(t);
    const response = await t.post('/api/auth/login', account);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken', 'tokenType']);
    expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(Buffer.from(body.refreshToken, 'base64url').length).toBeGreaterThanOrEqual(32);
    const details = await t.app.inject({ url: '/api/user/userdetails', headers: bearer(body.accessToken) });
    expect(details.statusCode).toBe(200);
  });

  it('accepts the email in any case and a base64 password', async () => {
    const account = await createConfirmedUser(t);
    const response = await t.post(
      '/api/auth/login',
      { email: account.email.toUpperCase(), password: base64(account.password) },
      { headers: { 'x-password-encoding': 'base64' } },
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 NotAuthorized alike for a wrong password and an unknown email', async () => {
    const account = await createConfirmedUser(t);
    const wrong = await t.post('/api/auth/login', { email: account.email, password: 'Wr0ngPass!' });
    const unknown = await t.post('/api/auth/login', { email: uniqueEmail(), password: 'Wr0ngPass!' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'NotAuthorized', message: 'Incorrect username or password.' });
    }
  });

  it('answers 403 UserNotConfirmed only when the password of the unconfirmed account is right', async () => {
    const account = await registerUser(t);
    const right = await t.post('/api/auth/login', account);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: 'UserNotConfirmed', code: 'UserNotConfirmed' });
    const wrong = await t.post('/api/auth/login', { email: account.email, password: 'Wr0ngPass!' });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 400 for a missing password', async () => {
    const response = await t.post('/api/auth/login', { email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'ValidationError',
      message: MESSAGES.required,
      errors: { password: MESSAGES.required },
    });
  });
});
