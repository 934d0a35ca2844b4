import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey (the per-IP rate-limit key)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['not an address', 'not an address'],
    ['', ''],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('puts every address of one /64 under one key, and other /64s under others', () => {
    const keys = new Set(
      ['2001:db8:a:b::1', '2001:db8:a:b:dead:beef:0:1', '2001:db8:a:b:ffff::'].map(clientKey),
    );
    expect(keys.size).toBe(1);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(clientKey('2001:db8:a:b::1'));
  });
});
