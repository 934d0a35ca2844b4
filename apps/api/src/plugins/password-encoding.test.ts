import { describe, expect, it } from 'vitest';
import { decodeBase64Utf8 } from './password-encoding';

describe('decodeBase64Utf8', () => {
  it('decodes base64 of UTF-8 text', () => {
    expect(decodeBase64Utf8(Buffer.from('Passw0rd!').toString('base64'))).toBe('Passw0rd!');
    expect(decodeBase64Utf8(Buffer.from('Pässwörd€').toString('base64'))).toBe('Pässwörd€');
    expect(decodeBase64Utf8('')).toBe('');
  });

  it('refuses what is not strict base64, or not UTF-8', () => {
    for (const bad of ['Passw0rd!', 'abc', 'ab=c', 'a===', '====', 'YW Jj', 'YWJj\n', '-_-_']) {
      expect(decodeBase64Utf8(bad)).toBeNull();
    }
    expect(decodeBase64Utf8(Buffer.from([0xff, 0xfe, 0x00]).toString('base64'))).toBeNull();
  });
});
