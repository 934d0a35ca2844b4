import { randomUUID } from 'node:crypto';
import type { UserType } from '@app/domain';
import type { Db } from '../src/db/database';
import { AccessTokens } from '../src/lib/access-tokens';
import { DAY_MS } from '../src/lib/clock';
import { sha256Hex } from '../src/lib/secrets';

/**
 * Access tokens for accounts made straight in the database, as a real sign-in makes them: one
 * login (a live refresh token of a new family) per account, stored in batches, and an HS256 access
 * token signed with the server's secret for it. Tokens last 15 minutes from `now`.
 */
export async function mintAccessTokens(
  db: Db,
  secret: string,
  users: readonly { id: string; userType: UserType }[],
  now: Date = new Date(),
): Promise<string[]> {
  const issuer = new AccessTokens(secret, () => now);
  const tokens: string[] = [];
  const rows = users.map((user) => {
    const familyId = randomUUID();
    tokens.push(issuer.issue({ id: user.id, user_type: user.userType, session_version: 0 }, familyId).token);
    return {
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: sha256Hex(randomUUID()),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      rotated_at: null,
      revoked_at: null,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('refresh_tokens')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  });
  return tokens;
}
