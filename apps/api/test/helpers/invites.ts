import type { RegisterWithInviteRequest } from '@app/domain';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import type { TestApp } from './app';
import { PASSWORD } from './factories';
import { type Actor, call, createBusiness } from './marketplace';

/** The command-line kind of Admin: confirmed, unlisted, may invite. */
export const createAdmin = (t: TestApp, db: Db) =>
  createBusiness(t, db, { user_type: 'Admin', is_listed: 0, first_name: 'Ada', last_name: 'Admin' });

/** The code in the newest invite link emailed to `email` (`${APP_URL}/invite/{code}`). */
export function inviteCodeSentTo(t: TestApp, email: string): string {
  const message = t.mailer.to(email).at(-1);
  const code = message?.text.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
  if (!code) throw new Error(`no invite link was emailed to ${email}`);
  return code;
}

/** POST /auth/send-business-invite as `admin` (asserting 201); returns the emailed code. */
export async function sendInvite(t: TestApp, admin: Actor, email: string): Promise<string> {
  const response = await call(t, 'POST', '/api/auth/send-business-invite', admin, { email });
  expect(response.statusCode, response.body).toBe(201);
  return inviteCodeSentTo(t, email);
}

/** A valid business registration payload, as the invite wizard sends it. */
export function businessRegistration(
  inviteCode: string,
  overrides: Partial<RegisterWithInviteRequest> = {},
): RegisterWithInviteRequest {
  return {
    inviteCode,
    password: PASSWORD,
    firstName: 'Niamh',
    lastName: 'Kelly',
    phoneNumber: '+44 7123 456789',
    address: '12 Lisburn Road\nBelfast\nBT9 6AA',
    birthdate: '1988-03-14',
    businessName: 'Kelly Cuts',
    businessAddress: '40 Botanic Avenue, Belfast, BT7 1JQ',
    minimumPrice: 30,
    homeVisitsEnabled: true,
    availability: {
      Monday: ['09:00-12:00', { start: '13:00', end: '17:00' }],
      Wednesday: [{ start: '10:00', end: '18:00' }],
      Saturday: ['09:00-13:00'],
    },
    businessDescription: 'Skin fades and beard trims',
    ...overrides,
  };
}

/** Every row the invite calls may write (not the rate-limit counters), for "nothing changed" checks. */
export async function inviteSnapshot(db: Db): Promise<string> {
  const [users, invites, codes, tokens, outbox] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('invites').selectAll().orderBy('id').execute(),
    db.selectFrom('one_time_codes').selectAll().orderBy('id').execute(),
    db.selectFrom('refresh_tokens').selectAll().orderBy('id').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, invites, codes, tokens, outbox });
}
