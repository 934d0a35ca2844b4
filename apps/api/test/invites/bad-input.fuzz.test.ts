import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { base64, uniqueEmail } from '../helpers/factories';
import { badBody, withControlCharacter } from '../helpers/fuzz';
import { businessRegistration, createAdmin, inviteSnapshot, sendInvite } from '../helpers/invites';
import type { Actor } from '../helpers/marketplace';

const RUNS = 150;

// Line breaks and tabs are allowed in the address fields, so the bad character is one of the others.
const withControl = withControlCharacter(['\t', '\n', '\r']);

/** Values no required text field of these calls accepts. */
const alwaysBad = fc.oneof(
  withControl,
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.repeat(Math.ceil(3000 / s.length))),
  fc.constant({ $gt: '' }),
);

const anyValue = fc.oneof(
  alwaysBad,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant(''),
  fc.integer({ min: -5, max: 2000 }),
  fc.emailAddress(),
);

/** A body with at least one required text field missing or hopeless, so none can be valid. */
function badBodyFor(valid: () => Record<string, unknown>, requiredText: string[]): fc.Arbitrary<unknown> {
  return badBody({ valid, required: requiredText, alwaysBad, anyValue });
}

describeEachDatabase('bad input on the invite calls', (database) => {
  let t: TestApp;
  let admin: Actor;
  let inviteCode: string;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, database().db);
    // Something to protect: an open invite whose real code is in every generated body.
    inviteCode = await sendInvite(t, admin, uniqueEmail('shop'));
  });
  afterAll(() => t.close());

  const expectRejected = (status: number, body: string) => {
    expect([400, 413, 415], body).toContain(status);
    const parsed = JSON.parse(body);
    expect(typeof parsed.message).toBe('string');
    expect(typeof parsed.code).toBe('string');
  };

  it('register-with-invite: generated bad bodies get a 4xx and write, use and send nothing', async () => {
    const before = await inviteSnapshot(database().db);
    const mails = t.mailer.messages.length;
    const valid = () => ({ ...businessRegistration(inviteCode) });
    const requiredText = [
      'inviteCode',
      'password',
      'firstName',
      'lastName',
      'phoneNumber',
      'address',
      'birthdate',
      'businessName',
      'businessAddress',
    ];
    await fc.assert(
      fc.asyncProperty(badBodyFor(valid, requiredText), fc.boolean(), async (body, base64Header) => {
        const encoded =
          base64Header && typeof body === 'object' && body !== null && !Array.isArray(body)
            ? {
                ...body,
                ...(typeof (body as { password?: unknown }).password === 'string'
                  ? { password: base64((body as { password: string }).password) }
                  : {}),
              }
            : body;
        const response = await t.post('/api/auth/register-with-invite', encoded, {
          headers: base64Header ? { 'x-password-encoding': 'base64' } : {},
        });
        expectRejected(response.statusCode, response.body);
      }),
      { numRuns: RUNS },
    );
    expect(await inviteSnapshot(database().db)).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it('send-business-invite: generated bad bodies get a 4xx and write and send nothing', async () => {
    const before = await inviteSnapshot(database().db);
    const mails = t.mailer.messages.length;
    await fc.assert(
      fc.asyncProperty(
        badBodyFor(() => ({ email: uniqueEmail('shop') }), ['email']),
        async (body) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/auth/send-business-invite',
            headers: admin.headers,
            payload: body as InjectOptions['payload'],
          });
          expectRejected(response.statusCode, response.body);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await inviteSnapshot(database().db)).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it('verify-invite: any body gets a 200 or a 4xx, never a 5xx, and tells nothing about other invites', async () => {
    const body = fc.oneof(
      fc.record({ inviteCode: anyValue }),
      fc.anything({ maxDepth: 2 }),
      fc.record({ inviteCode: fc.string({ unit: 'binary', maxLength: 128 }) }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await t.post('/api/auth/verify-invite', payload);
        if (response.statusCode === 200) {
          expect(response.json()).toEqual({ email: null, valid: false, expired: false });
        } else {
          expectRejected(response.statusCode, response.body);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
