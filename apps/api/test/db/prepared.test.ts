import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { newUserRow } from '../../src/db/new-user-row';
import { prepared } from '../../src/db/prepared';
import { describeEachDatabase } from '../helpers/databases';

// db/prepared (issue 34): a statement built and compiled once per dialect, run with each call's
// values, answers as the same statement built by Kysely for those values would.
const byEmail = prepared((db, email: string, types: 'User' | 'Business') =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'user_type'])
    .where('email', '=', email)
    .where('user_type', '=', types)
    .where('is_confirmed', 'in', [0, 1])
    .orderBy('id'),
);
const rename = prepared((db, id: string, firstName: string) =>
  db.updateTable('users').set({ first_name: firstName, last_name: sql`last_name` }).where('id', '=', id),
);

describeEachDatabase('prepared statements', (database) => {
  const db = () => database().db;

  async function insertUser(id: string, email: string, userType: 'User' | 'Business') {
    const now = new Date().toISOString();
    const row = newUserRow({
      id,
      email,
      password_hash: 'x',
      user_type: userType,
      first_name: 'First',
      last_name: 'Last',
      phone_number: '+447123456789',
      address: '1 Main Street, Belfast',
      birthdate: '1990-05-01',
      created_at: now,
      is_confirmed: 1,
    });
    await db().insertInto('users').values(row).execute();
  }

  const firstNameOf = async (id: string) =>
    (await db().selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow())
      .first_name;

  it('runs with each call’s values, the constants it was built with kept', async () => {
    await insertUser('u1', 'one@test.local', 'User');
    await insertUser('u2', 'two@test.local', 'Business');
    expect((await byEmail(db(), 'one@test.local', 'User')).rows).toEqual([
      { id: 'u1', email: 'one@test.local', user_type: 'User' },
    ]);
    expect((await byEmail(db(), 'two@test.local', 'Business')).rows).toEqual([
      { id: 'u2', email: 'two@test.local', user_type: 'Business' },
    ]);
    expect((await byEmail(db(), 'two@test.local', 'User')).rows).toEqual([]);
    // A value used twice, and the affected rows of a write.
    expect((await rename(db(), 'u1', 'Renamed')).numAffectedRows).toBe(1n);
    expect((await rename(db(), 'nobody', 'Renamed')).numAffectedRows).toBe(0n);
    expect(await firstNameOf('u1')).toBe('Renamed');
  });

  it('runs in the transaction it is given: rolled back with it', async () => {
    await insertUser('u3', 'three@test.local', 'User');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await rename(trx, 'u3', 'Inside');
          expect((await byEmail(trx, 'three@test.local', 'User')).rows).toHaveLength(1);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect(await firstNameOf('u3')).toBe('First');
  });

  it('refuses a builder that does not bind a value it was given', async () => {
    // The value decides the SQL's text (here: nothing at all), which one compiled text cannot follow.
    const unbound = prepared((db, email: string) =>
      db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email === 'x' ? email : 'constant'),
    );
    await expect(unbound(db(), 'a@test.local')).rejects.toThrow('value 0 is not one of the SQL’s parameters');
  });
});
