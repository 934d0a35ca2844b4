import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, inviteCodeSentTo, sendInvite } from '../helpers/invites';
import { type Actor, call, createBusiness, createCustomer, withFreshToken } from '../helpers/marketplace';

const HOUR = 3_600_000;

/** Issue 29, item 18: the Admin's list of the invitations it sent, with Resend and Revoke. */
describeEachDatabase('the invitations sent', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const fresh = () => withFreshToken(t, db(), admin, 'Admin');
  const list = async () => {
    const response = await call(t, 'GET', '/api/auth/invites', await fresh());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().invites as { id: string; email: string; state: string; usedAt: string | null }[];
  };
  const entryFor = async (email: string) => (await list()).find((invite) => invite.email === email);
  const verify = async (code: string) =>
    (await t.post('/api/auth/verify-invite', { inviteCode: code })).json();

  it('lists each address with when it was sent and expires, open, expired or used, newest first, and never a code', async () => {
    const used = uniqueEmail('used');
    const usedCode = await sendInvite(t, await fresh(), used);
    expect((await t.post('/api/auth/register-with-invite', businessRegistration(usedCode))).statusCode).toBe(
      201,
    );
    t.clock.advance(60_000);
    const lapsed = uniqueEmail('lapsed');
    await sendInvite(t, await fresh(), lapsed);
    t.clock.advance(49 * HOUR);
    const open = uniqueEmail('open');
    const openCode = await sendInvite(t, await fresh(), open);

    const invites = await list();
    const mine = invites.filter((invite) => [used, lapsed, open].includes(invite.email));
    expect(mine.map((invite) => [invite.email, invite.state])).toEqual([
      [open, 'open'],
      [lapsed, 'expired'],
      [used, 'used'],
    ]);
    const openEntry = mine[0] as unknown as { sentAt: string; expiresAt: string };
    expect(new Date(openEntry.expiresAt).getTime() - new Date(openEntry.sentAt).getTime()).toBe(48 * HOUR);
    expect(mine[2]?.usedAt).toEqual(expect.any(String));
    const body = JSON.stringify(invites);
    expect(body).not.toContain(openCode);
    expect(body).not.toContain('code');
  });

  it('resends an expired invitation with a new link (the old one stops working), as the same address', async () => {
    const email = uniqueEmail('resend');
    const oldCode = await sendInvite(t, await fresh(), email);
    t.clock.advance(49 * HOUR);
    const entry = await entryFor(email);
    expect(entry?.state).toBe('expired');

    const resent = await call(t, 'POST', `/api/auth/invites/${entry!.id}/resend`, await fresh());
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toEqual({
      message: AUTH_MESSAGES.inviteResent,
      invite: expect.objectContaining({ email, state: 'open', usedAt: null }),
    });
    const newCode = inviteCodeSentTo(t, email);
    expect(newCode).not.toBe(oldCode);
    expect(await verify(newCode)).toEqual({ email, valid: true, expired: false });
    expect((await verify(oldCode)).valid).toBe(false);
    // Still one entry for the address.
    expect((await list()).filter((invite) => invite.email === email)).toHaveLength(1);
  });

  it('revokes an open invitation: its link stops working and it leaves the list; a second revoke is 404', async () => {
    const email = uniqueEmail('revoke');
    const code = await sendInvite(t, await fresh(), email);
    const entry = await entryFor(email);
    const revoked = await call(t, 'DELETE', `/api/auth/invites/${entry!.id}`, await fresh());
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ message: AUTH_MESSAGES.inviteRevoked });
    expect(await verify(code)).toEqual({ email: null, valid: false, expired: false });
    expect((await t.post('/api/auth/register-with-invite', businessRegistration(code))).statusCode).toBe(404);
    expect(await entryFor(email)).toBeUndefined();

    const again = await call(t, 'DELETE', `/api/auth/invites/${entry!.id}`, await fresh());
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'InviteNotFound', message: AUTH_MESSAGES.inviteNotFound });
    const resend = await call(t, 'POST', `/api/auth/invites/${entry!.id}/resend`, await fresh());
    expect(resend.statusCode).toBe(404);
  });

  it('two resends, or a resend and a revoke, at once: exactly one wins, and only the winner emails', async () => {
    for (const other of ['resend', 'revoke'] as const) {
      const email = uniqueEmail(`race-${other}`);
      await sendInvite(t, await fresh(), email);
      const entry = await entryFor(email);
      const sent = t.mailer.to(email).length;
      const token = await fresh();
      const [first, second] = await Promise.all([
        call(t, 'POST', `/api/auth/invites/${entry!.id}/resend`, token),
        other === 'resend'
          ? call(t, 'POST', `/api/auth/invites/${entry!.id}/resend`, token)
          : call(t, 'DELETE', `/api/auth/invites/${entry!.id}`, token),
      ]);
      const statuses = [first.statusCode, second.statusCode];
      // The loser finds the invitation gone (renewed under a new id, or revoked).
      expect(
        statuses.filter((status) => status < 300),
        `${first.body} ${second.body}`,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 404)).toHaveLength(1);
      // Either resend may win a race of two resends; against a revoke, only the resend emails.
      const resent = first.statusCode === 201 || second.statusCode === 201;
      expect(t.mailer.to(email).length).toBe(sent + (resent ? 1 : 0));
      expect((await list()).filter((invite) => invite.email === email)).toHaveLength(resent ? 1 : 0);
    }
  });

  it('neither resends nor revokes a used invitation (409 InviteUsed)', async () => {
    const email = uniqueEmail('taken');
    const code = await sendInvite(t, await fresh(), email);
    expect((await t.post('/api/auth/register-with-invite', businessRegistration(code))).statusCode).toBe(201);
    const entry = await entryFor(email);
    for (const [method, url] of [
      ['POST', `/api/auth/invites/${entry!.id}/resend`],
      ['DELETE', `/api/auth/invites/${entry!.id}`],
    ] as const) {
      const response = await call(t, method, url, await fresh());
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ code: 'InviteUsed', message: AUTH_MESSAGES.inviteAlreadyUsed });
    }
    expect((await entryFor(email))?.state).toBe('used');
  });

  it('is the Admin’s alone: 401 without a token, 403 for a customer or a business', async () => {
    const email = uniqueEmail('guarded');
    await sendInvite(t, await fresh(), email);
    const entry = await entryFor(email);
    expect((await call(t, 'GET', '/api/auth/invites', null)).statusCode).toBe(401);
    for (const actor of [await createCustomer(t, db()), await createBusiness(t, db())]) {
      expect((await call(t, 'GET', '/api/auth/invites', actor)).statusCode).toBe(403);
      expect((await call(t, 'DELETE', `/api/auth/invites/${entry!.id}`, actor)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/auth/invites/${entry!.id}/resend`, actor)).statusCode).toBe(403);
    }
    expect((await entryFor(email))?.state).toBe('open');
  });
});
