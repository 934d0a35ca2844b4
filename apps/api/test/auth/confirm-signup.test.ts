import { CODE_MAX_ATTEMPTS, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registerUser, uniqueEmail } from '../helpers/factories';

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describeEachDatabase('POST /api/auth/confirm-signup and /api/auth/resend-code', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it('confirms the account with the emailed code, after which login works', async () => {
    const account = await registerUser(t);
    const response = await t.post('/api/auth/confirm-signup', {
      username: account.email,
      code: t.mailer.lastCode(account.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.confirmed });
    const login = await t.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);
  });

  it('answers 400 CodeMismatch for a wrong code and leaves the account unconfirmed', async () => {
    const account = await registerUser(t);
    const response = await t.post('/api/auth/confirm-signup', {
      username: account.email,
      code: wrongCode(t.mailer.lastCode(account.email)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'CodeMismatch', message: AUTH_MESSAGES.codeMismatch });
    const login = await t.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(403);
  });

  it('answers CodeMismatch for an unknown email, exactly as for a wrong code', async () => {
    const response = await t.post('/api/auth/confirm-signup', { username: uniqueEmail(), code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'CodeMismatch', message: AUTH_MESSAGES.codeMismatch });
  });

  it('answers 400 with the spec message for a code that is not 6 digits', async () => {
    const response = await t.post('/api/auth/confirm-signup', { username: uniqueEmail(), code: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ValidationError',
      errors: { code: MESSAGES.checkConfirmationCode },
    });
  });

  it('answers 400 ExpiredCode for the right code after 24 hours', async () => {
    const clocked = await createTestApp(database().db);
    try {
      const account = await registerUser(clocked);
      const code = clocked.mailer.lastCode(account.email);
      clocked.clock.advance(24 * HOUR_MS + MINUTE_MS);
      const response = await clocked.post('/api/auth/confirm-signup', { username: account.email, code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'ExpiredCode', message: AUTH_MESSAGES.codeExpired });
    } finally {
      await clocked.close();
    }
  });

  it(`voids the code after ${CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    // A high per-account limit, so this test sees the code rule and not the account block.
    const lenient = await createTestApp(database().db, { config: { accountFailureLimit: 100 } });
    try {
      const account = await registerUser(lenient);
      const code = lenient.mailer.lastCode(account.email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
        const wrong = await lenient.post('/api/auth/confirm-signup', {
          username: account.email,
          code: wrongCode(code),
        });
        expect(wrong.json().code).toBe('CodeMismatch');
      }
      const right = await lenient.post('/api/auth/confirm-signup', { username: account.email, code });
      expect(right.statusCode).toBe(400);
      expect(right.json().code).toBe('CodeMismatch');
    } finally {
      await lenient.close();
    }
  });

  it('uses a code once only', async () => {
    const account = await registerUser(t);
    const code = t.mailer.lastCode(account.email);
    expect((await t.post('/api/auth/confirm-signup', { username: account.email, code })).statusCode).toBe(
      200,
    );
    const again = await t.post('/api/auth/confirm-signup', { username: account.email, code });
    expect(again.statusCode).toBe(400);
  });

  it('resend-code emails a new code and voids the previous one', async () => {
    const account = await registerUser(t);
    const first = t.mailer.lastCode(account.email);
    const response = await t.post('/api/auth/resend-code', { username: account.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.codeResent });
    expect(t.mailer.to(account.email)).toHaveLength(2);
    const second = t.mailer.lastCode(account.email);
    if (first !== second) {
      const old = await t.post('/api/auth/confirm-signup', { username: account.email, code: first });
      expect(old.json().code).toBe('CodeMismatch');
    }
    const confirmed = await t.post('/api/auth/confirm-signup', { username: account.email, code: second });
    expect(confirmed.statusCode).toBe(200);
  });

  it('resend-code answers the same for unknown, unconfirmed and confirmed accounts', async () => {
    const unconfirmed = await registerUser(t);
    const confirmed = await registerUser(t);
    await t.post('/api/auth/confirm-signup', {
      username: confirmed.email,
      code: t.mailer.lastCode(confirmed.email),
    });
    const unknown = uniqueEmail();
    const answers = await Promise.all(
      [unknown, unconfirmed.email, confirmed.email].map((username) =>
        t.post('/api/auth/resend-code', { username }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(t.mailer.to(unknown)).toHaveLength(0);
    expect(t.mailer.to(confirmed.email)).toHaveLength(1); // the sign-up email only
  });

  it('resend-code answers 400 for a bad email', async () => {
    const response = await t.post('/api/auth/resend-code', { username: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ username: MESSAGES.invalidEmail });
  });
});
