import { CODE_MAX_ATTEMPTS } from '@app/domain';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MINUTE_MS } from '../../src/lib/clock';
import { verifyAgainstDummy, verifyPassword } from '../../src/lib/passwords';
import { digestsEqual } from '../../src/lib/secrets';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createConfirmedUser, registerUser } from '../helpers/factories';

// Count the comparisons themselves: every code check and every password check, as the app does them.
vi.mock('../../src/lib/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/secrets')>();
  return { ...actual, digestsEqual: vi.fn(actual.digestsEqual) };
});
vi.mock('../../src/lib/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/passwords')>();
  return {
    ...actual,
    verifyPassword: vi.fn(actual.verifyPassword),
    verifyAgainstDummy: vi.fn(actual.verifyAgainstDummy),
  };
});

const codeComparisons = () => vi.mocked(digestsEqual).mock.calls.length;
const passwordChecks = () =>
  vi.mocked(verifyPassword).mock.calls.length + vi.mocked(verifyAgainstDummy).mock.calls.length;

const CONCURRENT = 20;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/**
 * Every try is counted before it is checked, atomically: concurrent wrong guesses get no more than
 * CODE_MAX_ATTEMPTS comparisons of a code, nor more than the account limit of password checks.
 */
describeEachDatabase('concurrent guesses', (database) => {
  let lenient: TestApp;
  beforeAll(async () => {
    // A high per-account limit, so the code's own limit is what is tested.
    lenient = await createTestApp(database().db, { config: { accountFailureLimit: 1000 } });
  });
  afterAll(() => lenient.close());
  beforeEach(() => {
    vi.mocked(digestsEqual).mockClear();
    vi.mocked(verifyPassword).mockClear();
    vi.mocked(verifyAgainstDummy).mockClear();
  });

  const attemptsOf = async (email: string, purpose: 'signup' | 'password_reset') =>
    database()
      .db.selectFrom('one_time_codes')
      .innerJoin('users', 'users.id', 'one_time_codes.user_id')
      .select(['one_time_codes.attempts', 'one_time_codes.consumed_at'])
      .where('users.email', '=', email)
      .where('one_time_codes.purpose', '=', purpose)
      .execute();

  it(`${CONCURRENT} concurrent wrong sign-up codes get ${CODE_MAX_ATTEMPTS} tries, then the right code is void`, async () => {
    const account = await registerUser(lenient);
    const code = lenient.mailer.lastCode(account.email);
    vi.mocked(digestsEqual).mockClear();
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        lenient.post('/api/auth/confirm-signup', { username: account.email, code: wrongCode(code) }),
      ),
    );
    expect(responses.map((r) => r.json().code)).toEqual(Array(CONCURRENT).fill('CodeMismatch'));
    expect(codeComparisons()).toBe(CODE_MAX_ATTEMPTS);
    const [row] = await attemptsOf(account.email, 'signup');
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect(row?.consumed_at).not.toBeNull();
    const right = await lenient.post('/api/auth/confirm-signup', { username: account.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CodeMismatch');
  });

  it(`${CONCURRENT} concurrent wrong reset codes get ${CODE_MAX_ATTEMPTS} tries, then the right code is void`, async () => {
    const account = await createConfirmedUser(lenient);
    await lenient.post('/api/auth/forgot-password', { username: account.email });
    const code = lenient.mailer.lastCode(account.email);
    const body = { email: account.email, newPassword: 'N3wPassw0rd&' };
    vi.mocked(digestsEqual).mockClear();
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        lenient.post('/api/auth/reset-password', { ...body, confirmationCode: wrongCode(code) }),
      ),
    );
    expect(responses.every((r) => r.json().code === 'CodeMismatch')).toBe(true);
    expect(codeComparisons()).toBe(CODE_MAX_ATTEMPTS);
    expect((await attemptsOf(account.email, 'password_reset'))[0]?.attempts).toBe(CODE_MAX_ATTEMPTS);
    const right = await lenient.post('/api/auth/reset-password', { ...body, confirmationCode: code });
    expect(right.json().code).toBe('CodeMismatch');
    expect((await lenient.post('/api/auth/login', account)).statusCode).toBe(200); // password unchanged
  });

  it(`with the account limit (5): ${CONCURRENT} concurrent wrong codes → 5 tries, 429 for the rest, and the code is void after the block`, async () => {
    const strict = await createTestApp(database().db);
    try {
      const account = await registerUser(strict);
      const code = strict.mailer.lastCode(account.email);
      vi.mocked(digestsEqual).mockClear();
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          strict.post('/api/auth/confirm-signup', { username: account.email, code: wrongCode(code) }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(CONCURRENT - 5);
      expect(codeComparisons()).toBe(5);
      expect((await attemptsOf(account.email, 'signup'))[0]?.attempts).toBe(CODE_MAX_ATTEMPTS);
      // Blocked now, even with the right code…
      expect(
        (await strict.post('/api/auth/confirm-signup', { username: account.email, code })).statusCode,
      ).toBe(429);
      // …and once the block is over, the code has been used up.
      strict.clock.advance(15 * MINUTE_MS + 1000);
      const late = await strict.post('/api/auth/confirm-signup', { username: account.email, code });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('CodeMismatch');
    } finally {
      await strict.close();
    }
  });

  it(`${CONCURRENT} concurrent wrong passwords get 5 checks; the rest, and then the right password, get 429`, async () => {
    const strict = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(strict);
      vi.mocked(verifyPassword).mockClear();
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          strict.post('/api/auth/login', { email: account.email, password: 'Wr0ngPass!' }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(passwordChecks()).toBe(5);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(CONCURRENT - 5);
      const blocked = await strict.post('/api/auth/login', account);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      strict.clock.advance(15 * MINUTE_MS + 1000);
      expect((await strict.post('/api/auth/login', account)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('the right password among concurrent wrong ones clears the count', async () => {
    const strict = await createTestApp(database().db);
    try {
      const account = await createConfirmedUser(strict);
      for (let i = 0; i < 3; i += 1)
        await strict.post('/api/auth/login', { ...account, password: 'Wr0ngPass!' });
      expect((await strict.post('/api/auth/login', account)).statusCode).toBe(200);
      const again = await Promise.all(
        Array.from({ length: 4 }, () =>
          strict.post('/api/auth/login', { ...account, password: 'Wr0ngPass!' }),
        ),
      );
      expect(again.map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
    } finally {
      await strict.close();
    }
  });
});
