import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt';

const SECRET = 'a-test-secret-that-is-long-enough-123';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('HS256 JWT', () => {
  const token = signJwt({ sub: 'u1', exp: 2000 }, SECRET);

  it('round-trips a payload until it expires', () => {
    expect(verifyJwt(token, SECRET, 1999)).toEqual({ sub: 'u1', exp: 2000 });
    expect(verifyJwt(token, SECRET, 2000)).toBeNull();
  });

  it('refuses another secret, a tampered payload, alg none and other algorithms', () => {
    const [header, , signature] = token.split('.');
    expect(verifyJwt(token, `${SECRET}x`, 1)).toBeNull();
    expect(verifyJwt(`${header}.${b64({ sub: 'admin', exp: 2000 })}.${signature}`, SECRET, 1)).toBeNull();
    expect(verifyJwt(`${b64({ alg: 'none' })}.${b64({ sub: 'u1', exp: 2000 })}.`, SECRET, 1)).toBeNull();
    const h512 = b64({ alg: 'HS512', typ: 'JWT' });
    const p = b64({ sub: 'u1', exp: 2000 });
    const s512 = createHmac('sha512', SECRET).update(`${h512}.${p}`).digest('base64url');
    expect(verifyJwt(`${h512}.${p}.${s512}`, SECRET, 1)).toBeNull();
  });

  it('refuses junk', () => {
    for (const junk of ['', 'a', 'a.b', 'a.b.c.d', '..', `${token}x`])
      expect(verifyJwt(junk, SECRET, 1)).toBeNull();
    expect(verifyJwt(signJwt({ sub: 'u1' }, SECRET), SECRET, 1)).toBeNull(); // no exp
  });
});
