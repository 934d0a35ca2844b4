import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminInDatabase } from '../../src/cli/create-admin.command';
import { MINUTE_MS } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  bearer,
  createConfirmedUser,
  login,
  NEW_PASSWORD,
  PASSWORD,
  registerUser,
  uniqueEmail,
} from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import { type Actor, CUSTOMER_ADDRESS, call, createCustomer } from '../helpers/marketplace';
import { dumpDatabase, forEachDatabase } from './support';

interface PasswordHash {
  algorithm: string;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  saltBytes: number;
  hashBytes: number;
}

const base64Bytes = (text: string) => Buffer.from(text, 'base64').length;

/**
 * Reads a stored hash in PHC string format, `$<id>$v=19$<param>=<value>,…$<salt>$<hash>`: argon2
 * (params m, t, p in any order) or scrypt (ln, r, p).
 */
function parsePhc(hash: string): PasswordHash {
  const parts = hash.split('$');
  const [empty, algorithm = '', ...rest] = parts;
  const version = rest[0]?.startsWith('v=') ? rest.shift() : undefined;
  const [params = '', salt = '', digest = '', ...extra] = rest;
  if (
    empty !== '' ||
    extra.length > 0 ||
    !/^[A-Za-z0-9+/]+$/.test(salt) ||
    !/^[A-Za-z0-9+/]+$/.test(digest)
  ) {
    throw new Error(`not a PHC string: ${hash.slice(0, 24)}…`);
  }
  const values = new Map(
    params.split(',').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, Number(value)] as const;
    }),
  );
  const param = (name: string) => {
    const value = values.get(name);
    if (value === undefined || !Number.isFinite(value)) throw new Error(`no ${name} in ${params}`);
    return value;
  };
  const common = { algorithm, saltBytes: base64Bytes(salt), hashBytes: base64Bytes(digest) };
  if (algorithm.startsWith('argon2')) {
    expect(version, 'argon2 version 1.3').toBe('v=19');
    return { ...common, memoryKiB: param('m'), iterations: param('t'), parallelism: param('p') };
  }
  if (algorithm === 'scrypt') {
    // Memory of scrypt: 128 · N · r bytes.
    return {
      ...common,
      memoryKiB: (128 * 2 ** param('ln') * param('r')) / 1024,
      iterations: 2 ** param('ln'),
      parallelism: param('p'),
    };
  }
  throw new Error(`neither argon2 nor scrypt: ${algorithm}`);
}

/**
 * ASVS 5.0 appendix / OWASP Password Storage Cheat Sheet: argon2id with one of these (memory KiB,
 * iterations) pairs at parallelism 1, or scrypt with N ≥ 2^17 and r = 8 (16 MiB).
 */
const ARGON2ID_MINIMUMS: Array<[memoryKiB: number, iterations: number]> = [
  [47_104, 1],
  [19_456, 2],
  [12_288, 3],
  [9_216, 4],
  [7_168, 5],
];

function expectStrongHash(stored: string) {
  const hash = parsePhc(stored);
  expect(['argon2id', 'scrypt']).toContain(hash.algorithm);
  if (hash.algorithm === 'argon2id') {
    const meets = ARGON2ID_MINIMUMS.some(([m, t]) => hash.memoryKiB >= m && hash.iterations >= t);
    expect(meets, `argon2id m=${hash.memoryKiB} t=${hash.iterations}`).toBe(true);
  } else {
    expect(hash.iterations).toBeGreaterThanOrEqual(2 ** 17);
    expect(hash.memoryKiB).toBeGreaterThanOrEqual(16 * 1024);
  }
  expect(hash.parallelism).toBeGreaterThanOrEqual(1);
  expect(hash.saltBytes, 'salt of at least 128 bits').toBeGreaterThanOrEqual(16);
  expect(hash.hashBytes, 'hash of at least 256 bits').toBeGreaterThanOrEqual(32);
  return hash;
}

/** `secret` as a whole token of `text` (not a run of digits inside a longer hex or number). */
const holds = (text: string, secret: string) =>
  new RegExp(`(?<![A-Za-z0-9_-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`).test(
    text,
  );

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

forEachDatabase((database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db, { captureLogs: true });
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const storedHash = async (email: string) =>
    (
      await db()
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  /** A confirmed customer with a real login (tokens from the API). */
  async function signedInCustomer() {
    const account = await createConfirmedUser(t);
    const tokens = await login(t, account);
    const id = (
      await db().selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow()
    ).id;
    return { ...account, ...tokens, id, headers: bearer(tokens.accessToken) };
  }

  const changeEmail = (headers: Record<string, string>, email: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers,
      payload: {
        FirstName: 'Ada',
        LastName: 'Lovelace',
        Email: email,
        PhoneNumber: '+447123456789',
        Address: CUSTOMER_ADDRESS,
      },
    });
  const verifyEmail = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/verify-email', headers, payload: { code } });

  it('11.4.2 every way a password is stored (sign-up, business registration, reset, create-admin) gives argon2id at or above the ASVS/OWASP parameters, with a unique salt', async () => {
    const customer = await registerUser(t);
    const twin = await registerUser(t); // the same password
    const invited = uniqueEmail('shop');
    const inviteCode = await sendInvite(t, admin, invited);
    expect(
      (await t.post('/api/auth/register-with-invite', businessRegistration(inviteCode))).statusCode,
    ).toBe(201);
    const resetting = await createConfirmedUser(t);
    await t.post('/api/auth/forgot-password', { username: resetting.email });
    const reset = await t.post('/api/auth/reset-password', {
      email: resetting.email,
      confirmationCode: t.mailer.lastCode(resetting.email),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const adminEmail = uniqueEmail('admin');
    const created = await createAdminInDatabase(db(), [
      ...['--email', adminEmail, '--password', PASSWORD, '--first-name', 'Ada'],
      ...['--last-name', 'Admin', '--business-name', 'Ada Cuts'],
    ]);
    expect(created.exitCode, created.output).toBe(0);

    const hashes = await Promise.all(
      [customer.email, twin.email, invited, resetting.email, adminEmail].map(storedHash),
    );
    const parsed = hashes.map(expectStrongHash);
    expect(parsed[0]).toMatchObject({
      algorithm: 'argon2id',
      memoryKiB: 19_456,
      iterations: 2,
      parallelism: 1,
    });
    // One password, two accounts: different salts, so different hashes.
    expect(new Set(hashes.map((hash) => hash.split('$')[4])).size).toBe(hashes.length);
    for (const [hash, password] of [
      [hashes[0], PASSWORD],
      [hashes[3], NEW_PASSWORD],
    ] as const) {
      expect(await argon2.verify(hash as string, password)).toBe(true);
    }
  });

  it('11.4.2 a hash below today’s parameters is upgraded at the next right password, and not by a wrong one', async () => {
    const account = await createConfirmedUser(t);
    const weak = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await db().updateTable('users').set({ password_hash: weak }).where('email', '=', account.email).execute();
    expect((await t.post('/api/auth/login', { ...account, password: 'Wr0ngPass!' })).statusCode).toBe(401);
    expect(await storedHash(account.email)).toBe(weak);
    await login(t, account);
    const upgraded = await storedHash(account.email);
    expect(upgraded).not.toBe(weak);
    expectStrongHash(upgraded);
    await login(t, account);
  });

  it('6.5.2 sign-up, reset and email-change codes, invite codes and refresh tokens are stored only as hashes: no table holds a value that was sent to the user, and codes are keyed', async () => {
    const secrets: Array<[string, string]> = [];
    const signup = await registerUser(t);
    secrets.push(['sign-up code', t.mailer.lastCode(signup.email)]);
    await t.post('/api/auth/resend-code', { username: signup.email });
    secrets.push(['resent sign-up code', t.mailer.lastCode(signup.email)]);
    const customer = await signedInCustomer();
    secrets.push(['refresh token', customer.refreshToken], ['access token', customer.accessToken]);
    const rotated = (await t.post('/api/auth/refresh', { refreshToken: customer.refreshToken })).json();
    secrets.push(['rotated refresh token', rotated.refreshToken]);
    await t.post('/api/auth/forgot-password', { username: customer.email });
    secrets.push(['reset code', t.mailer.lastCode(customer.email)]);
    const newAddress = uniqueEmail('new');
    expect((await changeEmail(bearer(rotated.accessToken), newAddress)).statusCode).toBe(200);
    secrets.push(['email-change code', t.mailer.lastCode(newAddress)]);
    const invited = uniqueEmail('shop');
    secrets.push(['invite code', await sendInvite(t, admin, invited)]);
    // Codes are never used twice in this test, so a plaintext could not hide as a used one either.
    expect(new Set(secrets.map(([, value]) => value)).size).toBe(secrets.length);

    const dump = await dumpDatabase(db());
    expect(secrets.filter(([, value]) => holds(dump, value)).map(([name]) => name)).toEqual([]);
    // Six digits are a million guesses: the stored code must be keyed (HMAC with a server secret),
    // not any plain digest of the code a thief could look up.
    const codes = await db()
      .selectFrom('one_time_codes')
      .select(['code_hash', 'user_id', 'purpose'])
      .execute();
    for (const [name, code] of secrets.filter(
      ([name]) => name.includes('code') && !name.includes('invite'),
    )) {
      for (const row of codes) {
        for (const input of [code, `${row.purpose}:${row.user_id}:${code}`, `${row.user_id}${code}`]) {
          for (const algorithm of ['md5', 'sha1', 'sha256', 'sha512']) {
            const digest = createHash(algorithm).update(input).digest('hex');
            expect(row.code_hash, `${name} as plain ${algorithm}`).not.toBe(digest);
          }
        }
      }
    }
    // Nor do the logs hold them, or the password.
    expect(t.logs.length).toBeGreaterThan(20);
    const logs = t.logs.join('\n');
    expect(
      [...secrets, ['password', PASSWORD]].filter(([, value]) => logs.includes(value as string)),
    ).toEqual([]);
    // And the password itself is nowhere but in its hash.
    expect(dump.includes(PASSWORD)).toBe(false);
  });

  it('6.5.1 codes are single-use: a used sign-up, reset, email-change or invite code, or a rotated refresh token, never works again', async () => {
    const signup = await registerUser(t);
    const signupCode = t.mailer.lastCode(signup.email);
    const confirm = () => t.post('/api/auth/confirm-signup', { username: signup.email, code: signupCode });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).json().code).toBe('CodeMismatch');

    const customer = await signedInCustomer();
    await t.post('/api/auth/forgot-password', { username: customer.email });
    const resetCode = t.mailer.lastCode(customer.email);
    const resetWith = (newPassword: string) =>
      t.post('/api/auth/reset-password', { email: customer.email, confirmationCode: resetCode, newPassword });
    expect((await resetWith(NEW_PASSWORD)).statusCode).toBe(200);
    const again = await resetWith('An0therPass!');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CodeMismatch');
    await login(t, { email: customer.email, password: NEW_PASSWORD });

    const owner = await createCustomer(t, db());
    const newAddress = uniqueEmail('new');
    await changeEmail(owner.headers, newAddress);
    const changeCode = t.mailer.lastCode(newAddress);
    expect((await verifyEmail(owner.headers, changeCode)).statusCode).toBe(200);
    const secondChange = await verifyEmail(owner.headers, changeCode);
    expect(secondChange.statusCode).toBe(400);
    expect(secondChange.json().code).toBe('CodeMismatch');

    const invited = uniqueEmail('shop');
    const inviteCode = await sendInvite(t, admin, invited);
    expect(
      (await t.post('/api/auth/register-with-invite', businessRegistration(inviteCode))).statusCode,
    ).toBe(201);
    const reused = await t.post('/api/auth/register-with-invite', businessRegistration(inviteCode));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('InviteUsed');

    const session = await signedInCustomer();
    expect((await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(200);
    expect((await t.post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });

  it('6.5.1 a new code voids the previous one: resend-code, a second forgot-password, a second email change, a second invite', async () => {
    /** Asks for a new code until it differs from `old` (a random repeat is one in a million). */
    const newCode = async (ask: () => Promise<unknown>, read: () => string, old: string) => {
      let code = old;
      for (let i = 0; i < 3 && code === old; i += 1) {
        await ask();
        code = read();
      }
      expect(code).not.toBe(old);
      return code;
    };

    const signup = await registerUser(t);
    const firstSignup = t.mailer.lastCode(signup.email);
    const secondSignup = await newCode(
      () => t.post('/api/auth/resend-code', { username: signup.email }),
      () => t.mailer.lastCode(signup.email),
      firstSignup,
    );
    const old = await t.post('/api/auth/confirm-signup', { username: signup.email, code: firstSignup });
    expect(old.json().code).toBe('CodeMismatch');
    expect(
      (await t.post('/api/auth/confirm-signup', { username: signup.email, code: secondSignup })).statusCode,
    ).toBe(200);

    const customer = await createConfirmedUser(t);
    await t.post('/api/auth/forgot-password', { username: customer.email });
    const firstReset = t.mailer.lastCode(customer.email);
    const secondReset = await newCode(
      () => t.post('/api/auth/forgot-password', { username: customer.email }),
      () => t.mailer.lastCode(customer.email),
      firstReset,
    );
    const reset = (confirmationCode: string) =>
      t.post('/api/auth/reset-password', {
        email: customer.email,
        confirmationCode,
        newPassword: NEW_PASSWORD,
      });
    expect((await reset(firstReset)).json().code).toBe('CodeMismatch');
    expect((await reset(secondReset)).statusCode).toBe(200);

    const owner = await createCustomer(t, db());
    const [firstAddress, secondAddress] = [uniqueEmail('first'), uniqueEmail('second')];
    await changeEmail(owner.headers, firstAddress);
    const firstChange = t.mailer.lastCode(firstAddress);
    const secondChange = await newCode(
      () => changeEmail(owner.headers, secondAddress),
      () => t.mailer.lastCode(secondAddress),
      firstChange,
    );
    expect((await verifyEmail(owner.headers, firstChange)).json().code).toBe('CodeMismatch');
    const applied = await verifyEmail(owner.headers, secondChange);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().Email).toBe(secondAddress);

    const invited = uniqueEmail('shop');
    const firstInvite = await sendInvite(t, admin, invited);
    const secondInvite = await sendInvite(t, admin, invited);
    expect((await t.post('/api/auth/verify-invite', { inviteCode: firstInvite })).json()).toEqual({
      email: null,
      valid: false,
      expired: false,
    });
    expect(
      (await t.post('/api/auth/register-with-invite', businessRegistration(firstInvite))).statusCode,
    ).toBe(404);
    expect(
      (await t.post('/api/auth/register-with-invite', businessRegistration(secondInvite))).statusCode,
    ).toBe(201);
  });

  it('6.6.3 a sign-up, reset or email-change code is void after 5 wrong tries: the right code then fails too, until a new one is sent', async () => {
    const clocked = await createTestApp(db());
    try {
      const tryFive = async (attempt: (code: string) => Promise<LightMyRequestResponse>, right: string) => {
        for (let i = 0; i < 5; i += 1) expect((await attempt(wrongCode(right))).statusCode).toBe(400);
        // The account's own lock (6.3.1) lasts 15 minutes: wait it out, so only the code decides.
        clocked.clock.advance(16 * MINUTE_MS);
        const late = await attempt(right);
        expect(late.statusCode).toBe(400);
        expect(late.json().code).toBe('CodeMismatch');
      };

      const signup = await registerUser(clocked);
      const confirm = (code: string) =>
        clocked.post('/api/auth/confirm-signup', { username: signup.email, code });
      await tryFive(confirm, clocked.mailer.lastCode(signup.email));
      await clocked.post('/api/auth/resend-code', { username: signup.email });
      expect((await confirm(clocked.mailer.lastCode(signup.email))).statusCode).toBe(200);

      const customer = await createConfirmedUser(clocked);
      await clocked.post('/api/auth/forgot-password', { username: customer.email });
      const reset = (confirmationCode: string) =>
        clocked.post('/api/auth/reset-password', {
          email: customer.email,
          confirmationCode,
          newPassword: NEW_PASSWORD,
        });
      await tryFive(reset, clocked.mailer.lastCode(customer.email));
      await clocked.post('/api/auth/forgot-password', { username: customer.email });
      expect((await reset(clocked.mailer.lastCode(customer.email))).statusCode).toBe(200);

      const owner = await createCustomer(clocked, db());
      const address = uniqueEmail('new');
      const put = () =>
        call(clocked, 'PUT', '/api/user/update', owner, {
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Email: address,
          PhoneNumber: '+447123456789',
          Address: CUSTOMER_ADDRESS,
        });
      expect((await put()).statusCode).toBe(200);
      const verify = (code: string) => call(clocked, 'POST', '/api/user/verify-email', owner, { code });
      const right = clocked.mailer.lastCode(address);
      for (let i = 0; i < 5; i += 1) expect((await verify(wrongCode(right))).statusCode).toBe(400);
      const late = await verify(right);
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('CodeMismatch');
      const row = await db()
        .selectFrom('users')
        .select(['email', 'pending_email'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(owner.email);
    } finally {
      await clocked.close();
    }
  });
});
