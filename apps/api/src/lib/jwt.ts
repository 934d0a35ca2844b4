import { createHmac, timingSafeEqual } from 'node:crypto';

/** A minimal HS256 JWT. Only HS256 is ever accepted: `alg: none` and every other algorithm fail. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign(`${HEADER}.${body}`, secret).toString('base64url');
  return `${HEADER}.${body}.${signature}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Returns the payload of a well-signed, unexpired token, or null. */
export function verifyJwt(token: string, secret: string, nowSeconds: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const parsedHeader = decodeJson(header);
  if (!isRecord(parsedHeader) || parsedHeader.alg !== 'HS256') return null;
  // Compare the canonical encoding, so no second spelling of a valid signature is accepted.
  const expected = Buffer.from(sign(`${header}.${body}`, secret).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(body);
  if (!isRecord(payload)) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
  return payload;
}
