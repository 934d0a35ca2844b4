import { INVITE_EXPIRY_HOURS, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock';
import { sha256Hex } from '../../src/lib/secrets';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registerUser, uniqueEmail } from '../helpers/factories';
import {
  businessRegistration,
  createAdmin,
  inviteCodeSentTo,
  inviteSnapshot,
  sendInvite,
} from '../helpers/invites';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';

const APP_URL = 'https://book.trimtime.test';

describeEachDatabase('POST /api/auth/send-business-invite', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db, { config: { appUrl: APP_URL } });
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const invite = (actor: Actor | null, body: unknown) =>
    call(t, 'POST', '/api/auth/send-business-invite', actor, body);
  const invitesFor = (email: string) =>
    db().selectFrom('invites').selectAll().where('email', '=', email).orderBy('created_at').execute();

  it('answers 201 with the expiry (48 h) and emails a single link under APP_URL; only a hash is stored', async () => {
    const email = uniqueEmail('shop');
    const response = await invite(admin, { email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode, response.body).toBe(201);
    const expiresAt = new Date(t.clock.now().getTime() + INVITE_EXPIRY_HOURS * HOUR_MS).toISOString();
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.inviteSent, expiresAt });

    const [mail] = t.mailer.to(email);
    expect(mail?.subject).toBe('You are invited to join TrimTime NI');
    const code = inviteCodeSentTo(t, email);
    expect(mail?.text).toContain(`${APP_URL}/invite/${code}\n`);
    expect(mail?.html).toContain(`href="${APP_URL}/invite/${code}"`);
    // 256 random bits, url-safe: nothing to escape in a link.
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await invitesFor(email);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        code_hash: sha256Hex(code),
        email,
        invited_by: admin.id,
        expires_at: expiresAt,
        used_at: null,
        used_by: null,
        created_at: t.clock.now().toISOString(),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('makes a different, unguessable code every time', async () => {
    const codes = [];
    for (let i = 0; i < 12; i += 1) codes.push(await sendInvite(t, admin, uniqueEmail('shop')));
    expect(new Set(codes).size).toBe(codes.length);
    // No shared prefix or structure: every position varies across codes.
    for (let position = 0; position < 43; position += 1) {
      expect(new Set(codes.map((code) => code[position])).size, `position ${position}`).toBeGreaterThan(1);
    }
  });

  it('voids the earlier unused invite of an address when a new one is sent', async () => {
    const email = uniqueEmail('shop');
    const first = await sendInvite(t, admin, email);
    t.clock.advance(1000);
    const second = await sendInvite(t, admin, email);
    expect(second).not.toBe(first);
    const rows = await invitesFor(email);
    expect(rows.map((row) => row.code_hash)).toEqual([sha256Hex(second)]);
    const verify = (inviteCode: string) => t.post('/api/auth/verify-invite', { inviteCode });
    expect((await verify(first)).json()).toEqual({ email: null, valid: false, expired: false });
    expect((await verify(second)).json()).toEqual({ email, valid: true, expired: false });
    const stale = await t.post('/api/auth/register-with-invite', businessRegistration(first));
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ code: 'InviteNotFound', message: MESSAGES.inviteInvalidOrUsed });
  });

  it('keeps one open invite per address when several are sent at once; the one left was emailed', async () => {
    const email = uniqueEmail('shop');
    const responses = await Promise.all(Array.from({ length: 6 }, () => invite(admin, { email })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const rows = await invitesFor(email);
    expect(rows).toHaveLength(1);
    const emailed = t.mailer.to(email).map((m) => sha256Hex(m.text.match(/\/invite\/([\w-]+)/)?.[1] ?? ''));
    expect(emailed).toContain(rows[0]?.code_hash);
  });

  it('answers 401 without a valid token and 403 to Business and customer accounts, writing and sending nothing', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const before = await inviteSnapshot(db());
    const mails = t.mailer.messages.length;
    const email = uniqueEmail('shop');
    for (const headers of [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${admin.token}x` },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-business-invite',
        headers,
        payload: { email },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NotAuthorized');
    }
    for (const actor of [business, customer]) {
      const response = await invite(actor, { email });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('Forbidden');
    }
    expect(await inviteSnapshot(db())).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it.each([
    [{ email: '' }, MESSAGES.inviteEmailRequired],
    [{ email: '   ' }, MESSAGES.inviteEmailRequired],
    [{}, MESSAGES.inviteEmailRequired],
    [{ email: null }, MESSAGES.inviteEmailRequired],
    [{ email: 'not-an-email' }, MESSAGES.validEmailAddress],
    [{ email: 'shop@' }, MESSAGES.validEmailAddress],
    [{ email: 'sh\u0000op@example.com' }, MESSAGES.invalidCharacters],
    [{ email: `${'x'.repeat(250)}@example.com` }, 'Must be at most 254 characters'],
  ])('answers 400 for %j with the spec message, writing nothing', async (body, message) => {
    const before = await inviteSnapshot(db());
    const mails = t.mailer.messages.length;
    const response = await invite(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { email: message } });
    expect(await inviteSnapshot(db())).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it('answers 409 UsernameExists when the address has an account, confirmed or not, in any case', async () => {
    const customer = await createCustomer(t, db());
    const unconfirmed = await registerUser(t);
    const before = await inviteSnapshot(db());
    for (const email of [customer.email, unconfirmed.email.toUpperCase(), admin.email]) {
      const response = await invite(admin, { email });
      expect(response.statusCode, email).toBe(409);
      expect(response.json()).toEqual({ code: 'UsernameExists', message: AUTH_MESSAGES.emailTaken });
    }
    expect(await inviteSnapshot(db())).toBe(before);
  });
});

describeEachDatabase('send-business-invite when the email cannot be sent yet', (database) => {
  it('answers at once: the invite and its email commit together, and the email is retried', async () => {
    const t = await createTestApp(database().db, {
      captureLogs: true,
      deps: {
        mailer: {
          send: async () => {
            throw new Error('SMTP down');
          },
        },
      },
    });
    try {
      const admin = await createAdmin(t, database().db);
      const email = uniqueEmail('shop');
      const response = await call(t, 'POST', '/api/auth/send-business-invite', admin, { email });
      expect(response.statusCode).toBe(201);
      const [invite] = await database()
        .db.selectFrom('invites')
        .select('code_hash')
        .where('email', '=', email)
        .execute();
      expect(invite).toBeDefined();
      const [mail] = await database()
        .db.selectFrom('outbox')
        .select(['status', 'attempts', 'last_error', 'kind'])
        .where('to_address', '=', email)
        .execute();
      expect(mail).toEqual({ status: 'pending', attempts: 1, last_error: 'SMTP down', kind: 'invite' });
      expect(t.logs.some((line) => line.includes('email not delivered: will retry'))).toBe(true);
      // The link never leaks into the log.
      expect(t.logs.join('\n')).not.toMatch(/\/invite\/[\w-]{43}/);
    } finally {
      await t.close();
    }
  });
});
