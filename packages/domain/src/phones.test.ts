import { describe, expect, it } from 'vitest';
import { nationalPhone, normalisePhone } from './phones';

describe('phones as stored (api-contract §8.1)', () => {
  it('stores a UK number typed with its leading 0 in international form, separators dropped', () => {
    expect(normalisePhone('07123 456780')).toBe('+447123456780');
    expect(normalisePhone('(028) 9012-3456')).toBe('+442890123456');
    expect(normalisePhone('+44 (0)7123 456789')).toBe('+447123456789');
    // 0 and 9 digits is not a UK number: left for the format message.
    expect(normalisePhone('087 123 4567')).toBe('0871234567');
  });
});

describe('phones as a spreadsheet shows them (issue 29, item 14)', () => {
  it.each([
    ['+447123456789', '07123 456789'],
    ['+442890123456', '028 9012 3456'],
    ['+442079460000', '020 7946 0000'],
    ['+441632960123', '01632 960123'],
    ['+353871234567', '00353 871234567'],
  ])('writes %s as %s, text that starts with a digit', (stored, written) => {
    expect(nationalPhone(stored)).toBe(written);
    expect(nationalPhone(stored)).toMatch(/^0\d+ /);
  });

  it('leaves any other number as stored', () => {
    expect(nationalPhone('+12125550100')).toBe('+12125550100');
    expect(nationalPhone('-1+1')).toBe('-1+1');
    expect(nationalPhone('')).toBe('');
  });
});
