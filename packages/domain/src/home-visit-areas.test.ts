import { describe, expect, it } from 'vitest';
import { homeVisitAddressError } from './home-visit-address';
import {
  formatPostcodeDistricts,
  HOME_VISIT_DISTRICTS_FORMAT,
  homeVisitAreaError,
  parsePostcodeDistricts,
  postcodeDistrictOf,
} from './home-visit-areas';
import { MESSAGES } from './messages';

describe('postcode districts a business travels to', () => {
  it('reads lists and ranges, in any case and with any dash, unique and in order', () => {
    expect(parsePostcodeDistricts('bt20, BT1-BT3; BT2 ,BT9–bt10')).toEqual({
      districts: ['BT1', 'BT2', 'BT3', 'BT9', 'BT10', 'BT20'],
    });
    expect(parsePostcodeDistricts('  ')).toEqual({ districts: [] });
  });

  it.each(['BT', 'BT0', 'BT100', 'SW1', 'BT9-BT1', 'BT1-BT2-BT3', 'BT1 6EN', 'Belfast'])(
    'refuses %j, naming the format',
    (text) => {
      expect(parsePostcodeDistricts(text)).toEqual({ error: HOME_VISIT_DISTRICTS_FORMAT });
    },
  );

  it('writes them back with runs of three or more as ranges', () => {
    expect(formatPostcodeDistricts(['BT1', 'BT2', 'BT3', 'BT9', 'BT10', 'BT20'])).toBe(
      'BT1–BT3, BT9, BT10, BT20',
    );
    expect(formatPostcodeDistricts([])).toBe('');
  });

  it('finds the district of an address by its postcode', () => {
    expect(postcodeDistrictOf('14 Malone Avenue, Belfast, BT9 6EN')).toBe('BT9');
    expect(postcodeDistrictOf('1 Main St\nBangor\nbt20 5aa')).toBe('BT20');
    expect(postcodeDistrictOf('1 Main St, Belfast')).toBeNull();
    expect(postcodeDistrictOf('1 Main St, Belfast, BT01 6EN')).toBe('BT1');
  });

  it('says when a home visit is outside them, and nothing when none are named', () => {
    const districts = ['BT1', 'BT2', 'BT3', 'BT4', 'BT5'];
    expect(homeVisitAreaError('1 Main St, Belfast, BT3 9AA', districts, 'Fade Factory')).toBeNull();
    expect(homeVisitAreaError('1 Main St, Bangor, BT20 5AA', districts, 'Fade Factory')).toBe(
      'Fade Factory travels to BT1–BT5 only: this address is in BT20. Choose an address there, or visit the shop.',
    );
    expect(homeVisitAreaError('1 Main St, Bangor, BT20 5AA', [], 'Fade Factory')).toBeNull();
  });

  it('checks a home visit address by the profile’s rules first, then the districts', () => {
    expect(homeVisitAddressError('1 Main St, London, SW1A 1AA', [], 'Fade Factory')).toBe(
      MESSAGES.niPostcode,
    );
    expect(homeVisitAddressError('1 Main St, Bangor, BT20 5AA', ['BT1'], 'Fade Factory')).toMatch(
      /^Fade Factory travels to BT1 only/,
    );
    expect(homeVisitAddressError('1 Main St, Belfast, BT1 5AA', ['BT1'], 'Fade Factory')).toBeNull();
  });
});
