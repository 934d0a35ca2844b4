import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { InvitesRepository } from '../../src/repositories/invites.repository';
import { UsersRepository } from '../../src/repositories/users.repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import type { Actor } from '../helpers/marketplace';

/** One invite, many registrations at once: the database lets exactly one through. */
describeEachDatabase('one invite, many registrations', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;

  it.each([2, 8])('of %i concurrent registrations with one invite exactly one wins', async (racers) => {
    const email = uniqueEmail('shop');
    const code = await sendInvite(t, admin, email);
    const responses = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        t.post('/api/auth/register-with-invite', businessRegistration(code, { businessName: `Racer ${i}` })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(racers - 1).fill(409)]);
    for (const loser of responses.filter((r) => r.statusCode === 409)) {
      expect(loser.json().code).toBe('InviteUsed');
    }
    const users = await db().selectFrom('users').selectAll().where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const [invite] = await db().selectFrom('invites').selectAll().where('email', '=', email).execute();
    expect(invite?.used_by).toBe(users[0]?.id);
    // One account, one code: the winner's.
    const codes = await db()
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', users[0]!.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect(t.mailer.to(email).filter((m) => /confirmation code/.test(m.subject))).toHaveLength(1);
  });

  it('a registration that read the invite before the winner committed also hears the invite is used', async () => {
    const email = uniqueEmail('shop');
    const code = await sendInvite(t, admin, email);
    const findByEmail = UsersRepository.prototype.findByEmail;
    let winner: Awaited<ReturnType<TestApp['post']>> | undefined;
    // The loser has read the unused invite; the winner registers and commits before its next read.
    const lookups = vi.spyOn(UsersRepository.prototype, 'findByEmail').mockImplementationOnce(async function (
      this: UsersRepository,
      address: string,
    ) {
      winner = await t.post(
        '/api/auth/register-with-invite',
        businessRegistration(code, { businessName: 'First' }),
      );
      return findByEmail.call(this, address);
    });
    try {
      const loser = await t.post('/api/auth/register-with-invite', businessRegistration(code));
      expect(winner?.statusCode).toBe(201);
      expect(loser.statusCode).toBe(409);
      expect(loser.json().code).toBe('InviteUsed');
    } finally {
      lookups.mockRestore();
    }
  });

  it('lets one of a customer sign-up and an invite registration for the same address through', async () => {
    const email = uniqueEmail('shop');
    const code = await sendInvite(t, admin, email);
    const [business, customer] = await Promise.all([
      t.post('/api/auth/register-with-invite', businessRegistration(code)),
      t.post('/api/auth/register', registration({ email })),
    ]);
    expect([business.statusCode, customer.statusCode].sort()).toEqual([201, 409]);
    const users = await db().selectFrom('users').select('user_type').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const [invite] = await db().selectFrom('invites').selectAll().where('email', '=', email).execute();
    // The invite is used only when the business account was the one created.
    expect(invite?.used_at === null).toBe(users[0]?.user_type === 'User');
  });

  it('the conditional update alone decides: of 8 concurrent transactions one marks the invite used', async () => {
    const email = uniqueEmail('shop');
    await sendInvite(t, admin, email);
    const { id } = await db()
      .selectFrom('invites')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const now = t.clock.now().toISOString();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db()
          .transaction()
          .execute((trx) => new InvitesRepository(trx).markUsed(id, `user-${i}`, now)),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
