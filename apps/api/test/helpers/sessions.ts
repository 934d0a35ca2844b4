import { randomUUID } from 'node:crypto';
import type { UserType } from '@app/domain';
import type { Db } from '../../src/db/database';
import { AccessTokens } from '../../src/lib/access-tokens';
import { DAY_MS } from '../../src/lib/clock';
import { sha256Hex } from '../../src/lib/secrets';
import type { TestApp } from './app';

/**
 * An access token for an account made straight in the database. Access tokens belong to a login
 * (a refresh-token family, claim `sid`) that must still be live, so this stores one refresh token
 * of a new login for the account (valid 30 days on the test clock), as a real sign-in would.
 */
export async function mintAccessToken(
  t: Pick<TestApp, 'config' | 'clock'>,
  db: Db,
  user: { id: string; user_type: UserType; session_version: number },
): Promise<string> {
  const familyId = randomUUID();
  const now = t.clock.now();
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: sha256Hex(randomUUID()),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      rotated_at: null,
      revoked_at: null,
    })
    .execute();
  return new AccessTokens(t.config.jwtSecret, t.clock.now).issue(user, familyId).token;
}
