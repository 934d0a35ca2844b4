import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}

export const passwordNeedsRehash = (hash: string) => argon2.needsRehash(hash, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of time, so the first unknown-email login is not the slow one. */
export async function warmUpPasswordHashing(): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await dummyHash;
}

/**
 * Spends the same work as a real check when the account does not exist, so response times do not
 * tell an attacker which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
