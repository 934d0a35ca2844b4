import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Fields the web client base64-encodes when it sends `X-Password-Encoding: base64`. */
export const PASSWORD_FIELDS = ['password', 'newPassword', 'confirmPassword'] as const;

/** The request header that says the password fields are base64 (api-contract §1). */
export const PASSWORD_ENCODING_HEADER = 'X-Password-Encoding';

/** Strict, padded base64. */
export const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict base64 of UTF-8 text, or null. */
export function decodeBase64Utf8(value: string): string | null {
  if (!BASE64_PATTERN.test(value)) return null;
  try {
    return utf8.decode(Buffer.from(value, 'base64'));
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * api-contract §1: with `X-Password-Encoding: base64` the password fields arrive base64-encoded.
 * They are decoded once, before validation, so every route validates the real password.
 */
export const passwordEncodingPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const encoding = request.headers['x-password-encoding'];
      if (encoding === undefined) return;
      if (typeof encoding !== 'string' || encoding.trim().toLowerCase() !== 'base64') {
        const message = 'X-Password-Encoding must be base64 (or left out for plain passwords).';
        throw new AppError('ValidationError', message, 400, { 'X-Password-Encoding': message });
      }
      const body = request.body;
      if (!isRecord(body)) return;
      for (const field of PASSWORD_FIELDS) {
        const value = body[field];
        if (typeof value !== 'string') continue;
        const decoded = decodeBase64Utf8(value);
        if (decoded === null) {
          const message = `${field} must be base64-encoded UTF-8 text when X-Password-Encoding is base64`;
          throw new AppError('ValidationError', message, 400, { [field]: message });
        }
        body[field] = decoded;
      }
    });
  },
  { name: 'password-encoding' },
);
