import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { CODE_LENGTH } from '@app/domain';

/** A one-time code: CODE_LENGTH uniformly random digits. */
export function generateNumericCode(length: number = CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

/** An opaque token of `bytes` random bytes (refresh tokens, invite codes), base64url. */
export const generateToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export const hmacHex = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value, 'utf8').digest('hex');

/** Compares two hex digests without leaking where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

const SEALED_PREFIX = 'sealed:v1:';

/**
 * Encrypts text at rest (AES-256-GCM, a fresh IV each time) under a 32-byte key: what the outbox keeps
 * of an email that carries a code or an invite link, so a copy of the database does not hold them.
 */
export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The text `sealText` sealed; text that was never sealed comes back as it is. Throws when tampered. */
export function openText(key: Buffer, stored: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
