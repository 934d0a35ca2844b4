import { MESSAGES } from '@app/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registration, uniqueEmail } from '../helpers/factories';
import { badBody, CONTROL_CHARACTERS, jsonNotAnObject, withControlCharacter } from '../helpers/fuzz';

const RUNS = 300;

interface Call {
  url: string;
  /** A body that would be accepted (all fields valid). */
  valid: () => Record<string, unknown>;
  /** Fields that may be left out. */
  optional?: string[];
}

const CALLS: Call[] = [
  { url: '/api/auth/register', valid: () => ({ ...registration() }), optional: ['userType'] },
  { url: '/api/auth/confirm-signup', valid: () => ({ username: uniqueEmail(), code: '123456' }) },
  { url: '/api/auth/resend-code', valid: () => ({ username: uniqueEmail() }) },
  { url: '/api/auth/login', valid: () => ({ email: uniqueEmail(), password: 'Passw0rd!' }) },
  { url: '/api/auth/refresh', valid: () => ({ refreshToken: 'x'.repeat(43) }) },
  { url: '/api/auth/logout', valid: () => ({ refreshToken: 'x'.repeat(43) }) },
  { url: '/api/auth/forgot-password', valid: () => ({ username: uniqueEmail() }) },
  {
    url: '/api/auth/reset-password',
    valid: () => ({ email: uniqueEmail(), confirmationCode: '123456', newPassword: 'Passw0rd!' }),
  },
];

const withControl = withControlCharacter();

/** Values no field accepts: wrong types, nulls, nested junk, strings past every length cap. */
const alwaysBad = fc.oneof(
  withControl,
  fc.constant('\u0000'),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.repeat(Math.ceil(3000 / s.length))),
  fc.constant({ $gt: '' }),
  fc.constant(['Passw0rd!']),
);

/** Anything at all, including plausible strings. */
const anyValue = fc.oneof(
  alwaysBad,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  withControl,
  fc.constant(''),
  fc.emailAddress(),
);

function badBodyFor(call: Call): fc.Arbitrary<unknown> {
  const fields = Object.keys(call.valid());
  return badBody({
    valid: call.valid,
    // At least one required field is missing or hopeless, so no body can be valid.
    required: fields.filter((field) => !call.optional?.includes(field)),
    alwaysBad,
    anyValue,
    notAnObject: fc.oneof(
      jsonNotAnObject,
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    ),
    corruptedWeight: 4,
  });
}

/** Everything the auth calls may write, except the rate-limit counters (which count bad requests). */
async function snapshot(db: Db): Promise<string> {
  const [users, codes, tokens, outbox] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('one_time_codes').selectAll().orderBy('id').execute(),
    db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, codes, tokens, outbox });
}

describeEachDatabase('bad input on every auth call', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    // Something to protect: a real account with a code and a session.
    const account = registration();
    await t.post('/api/auth/register', account);
  });
  afterAll(() => t.close());

  const expectRejected = (status: number, body: string) => {
    expect(status, body).toBeGreaterThanOrEqual(400);
    expect(status, body).toBeLessThan(500);
    expect([400, 401, 413, 415], body).toContain(status);
  };

  it.each(CALLS)('$url: generated bad bodies get a 4xx and change nothing', async (call) => {
    const before = await snapshot(database().db);
    const mails = t.mailer.messages.length;
    await fc.assert(
      fc.asyncProperty(badBodyFor(call), fc.boolean(), async (body, base64Header) => {
        const response = await t.post(call.url, body, {
          headers: base64Header ? { 'x-password-encoding': 'base64' } : {},
        });
        expectRejected(response.statusCode, response.body);
        const parsed = response.json();
        expect(typeof parsed.message).toBe('string');
        expect(typeof parsed.code).toBe('string');
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(database().db)).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it.each(CALLS)(
    '$url: a control character in any field is a 400 naming that field, never a 500',
    async (call) => {
      const before = await snapshot(database().db);
      const mails = t.mailer.messages.length;
      const valid = call.valid();
      // userType is one fixed word (its own message); every other string field is free text.
      const textFields = Object.keys(valid).filter(
        (name) => typeof valid[name] === 'string' && name !== 'userType',
      );
      for (const field of textFields) {
        for (const character of CONTROL_CHARACTERS) {
          const body = {
            ...call.valid(),
            [field]: `${String(call.valid()[field]).slice(0, 3)}${character}x`,
          };
          const response = await t.post(call.url, body);
          expect(response.statusCode, `${field} ${JSON.stringify(character)}: ${response.body}`).toBe(400);
          expect(response.json()).toMatchObject({
            code: 'ValidationError',
            errors: { [field]: MESSAGES.invalidCharacters },
          });
        }
        // Base64-encoded passwords are checked after decoding.
        if (['password', 'newPassword'].includes(field)) {
          const encoded = Buffer.from('Passw0rd!\u0000', 'utf8').toString('base64');
          const response = await t.post(
            call.url,
            { ...call.valid(), [field]: encoded },
            { headers: { 'x-password-encoding': 'base64' } },
          );
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().errors).toMatchObject({ [field]: MESSAGES.invalidCharacters });
        }
      }
      expect(await snapshot(database().db)).toBe(before);
      expect(t.mailer.messages.length).toBe(mails);
    },
  );

  it.each(CALLS)('$url: raw junk, bad base64 and wrong content types get a 4xx', async (call) => {
    const before = await snapshot(database().db);
    const rawBody = fc.oneof(
      fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
      fc.string({ maxLength: 50 }).map((s) => ({ payload: `{"a": ${s}`, type: 'application/json' })),
      fc
        .tuple(
          fc.constantFrom('text/plain', 'text/html', 'application/xml', 'application/octet-stream'),
          fc.string(),
        )
        .map(([type, payload]) => ({ payload: payload || 'x', type })),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ payload, type }) => {
        const response = await t.post(call.url, payload, { headers: { 'content-type': type } });
        expectRejected(response.statusCode, response.body);
      }),
      { numRuns: 60 },
    );
    const passwordFields = ['password', 'newPassword', 'confirmPassword'].filter((f) => f in call.valid());
    if (passwordFields.length > 0) {
      const notBase64 = fc
        .string({ minLength: 1, maxLength: 40 })
        .filter((s) => !/^[A-Za-z0-9+/]*={0,2}$/.test(s));
      await fc.assert(
        fc.asyncProperty(notBase64, async (value) => {
          const body = { ...call.valid(), [passwordFields[0] as string]: value };
          const response = await t.post(call.url, body, { headers: { 'x-password-encoding': 'base64' } });
          expect(response.statusCode, response.body).toBe(400);
        }),
        { numRuns: 40 },
      );
    }
    expect(await snapshot(database().db)).toBe(before);
  });
});
