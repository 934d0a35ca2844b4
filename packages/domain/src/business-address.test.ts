import { describe, expect, it } from 'vitest';
import {
  bookingBusinessAddress,
  businessPostcodeOf,
  businessTownOf,
  directionsUrl,
  publicBusinessAddress,
} from './business-address';

describe('businessTownOf (the segment before the postcode)', () => {
  it('reads the town of a comma-separated address', () => {
    expect(businessTownOf('2 High Street, Belfast, BT1 2AB')).toBe('Belfast');
    expect(businessTownOf('Unit 4, 12 Strand Road, Derry, BT48 7AB')).toBe('Derry');
    expect(businessTownOf('  5 Main St ,  Newry ,bt34 1aa ')).toBe('Newry');
  });

  it('reads line-separated (textarea) addresses and skips empty parts', () => {
    expect(businessTownOf('2 High Street\nBallymena\nBT43 5AB')).toBe('Ballymena');
    expect(businessTownOf('2 High Street,, Lisburn,\n BT28 1AA,')).toBe('Lisburn');
  });

  it('an address without a postcode reads its last part as the town; a postcode alone has none', () => {
    expect(businessTownOf('2 High Street, Omagh')).toBe('Omagh');
    expect(businessTownOf('BT1 2AB')).toBe('');
    expect(businessTownOf('')).toBe('');
  });
});

describe('businessPostcodeOf', () => {
  it('is the last part when it is a Northern Irish postcode, upper-cased', () => {
    expect(businessPostcodeOf('2 High Street, Belfast, bt1 2ab')).toBe('BT1 2AB');
    expect(businessPostcodeOf('2 High Street, Belfast')).toBe('');
  });
});

describe('publicBusinessAddress', () => {
  it('is the address as registered while showFullAddress is on', () => {
    expect(publicBusinessAddress('2 High Street, Belfast, BT1 2AB', true)).toBe(
      '2 High Street, Belfast, BT1 2AB',
    );
    expect(publicBusinessAddress(' 2 High Street\nBelfast\nBT1 2AB ', true)).toBe(
      '2 High Street\nBelfast\nBT1 2AB',
    );
  });

  it('is only the town and postcode when it is off', () => {
    expect(publicBusinessAddress('2 High Street, Belfast, BT1 2AB', false)).toBe('Belfast, BT1 2AB');
    expect(publicBusinessAddress('Flat 3\n14 Park Avenue\nBangor\nbt20 3aa', false)).toBe('Bangor, BT20 3AA');
    expect(publicBusinessAddress('2 High Street, Omagh', false)).toBe('Omagh');
  });
});

describe('directionsUrl', () => {
  it('is a maps search for the address, its lines joined with commas and encoded', () => {
    expect(directionsUrl('2 High Street, Belfast, BT1 2AB')).toBe(
      'https://www.google.com/maps/search/?api=1&query=2%20High%20Street%2C%20Belfast%2C%20BT1%202AB',
    );
    expect(directionsUrl("O'Neill's & Sons\nBelfast\nBT1 2AB")).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("O'Neill's & Sons, Belfast, BT1 2AB")}`,
    );
  });
});

describe('bookingBusinessAddress (the business address a booking shows)', () => {
  const hidden = { address: ' 7 Back Lane, Lisburn, BT28 1AA ', showFullAddress: false };
  const shown = { address: '2 High Street, Belfast, BT1 2AB', showFullAddress: true };

  it('shows the customer the full address once the booking is Approved or Confirmed', () => {
    expect(bookingBusinessAddress(hidden, 'Approved', 'customer')).toBe('7 Back Lane, Lisburn, BT28 1AA');
    expect(bookingBusinessAddress(hidden, 'Confirmed', 'customer')).toBe('7 Back Lane, Lisburn, BT28 1AA');
  });

  it('shows the customer only the public form before (and after) the booking is agreed', () => {
    for (const status of ['Requested', 'Countered', 'Denied', 'Declined', 'Cancelled'] as const) {
      expect(bookingBusinessAddress(hidden, status, 'customer')).toBe('Lisburn, BT28 1AA');
      expect(bookingBusinessAddress(shown, status, 'customer')).toBe('2 High Street, Belfast, BT1 2AB');
    }
  });

  it('shows the business its own full address whatever the status', () => {
    expect(bookingBusinessAddress(hidden, 'Requested', 'business')).toBe('7 Back Lane, Lisburn, BT28 1AA');
  });

  it("is '' when the business is gone or has no address", () => {
    expect(bookingBusinessAddress(undefined, 'Approved', 'customer')).toBe('');
    expect(bookingBusinessAddress({ address: null, showFullAddress: true }, 'Approved', 'customer')).toBe('');
    expect(bookingBusinessAddress({ address: '  ', showFullAddress: false }, 'Requested', 'customer')).toBe(
      '',
    );
  });
});
