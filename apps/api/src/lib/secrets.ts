import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
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
