import { describe, expect, it } from 'vitest';
import { MAX_BOOKING_PRICE } from './constants';
import { MESSAGES } from './messages';
import { CounterPriceSchema, CustomerPriceSchema, MinimumPriceSchema } from './price-schemas';
import {
  counterPriceError,
  customerPriceError,
  isFractionalNumber,
  minimumPriceError,
  parseWholePounds,
  presetPricesFor,
} from './prices';
import { errorsOf, parseOk } from './test-utils';

describe('whole pounds', () => {
  it('are read from numbers and numeric text', () => {
    expect(parseWholePounds(45)).toBe(45);
    expect(parseWholePounds(' 45 ')).toBe(45);
    expect(parseWholePounds('45.0')).toBe(45);
    for (const value of ['45.5', '£45.5', '', 'abc', null, undefined, Number.NaN, 4.5, '1e3']) {
      expect(parseWholePounds(value)).toBeNull();
    }
  });
});

describe('minimum price', () => {
  it("is £1 to £1000 ('Minimum price must be at least £1', 'Minimum price cannot exceed £1000')", () => {
    expect(minimumPriceError(1)).toBeNull();
    expect(minimumPriceError('1000')).toBeNull();
    expect(minimumPriceError(0)).toBe('Minimum price must be at least £1');
    expect(minimumPriceError(-5)).toBe('Minimum price must be at least £1');
    expect(minimumPriceError('')).toBe('Minimum price must be at least £1');
    expect(minimumPriceError(1001)).toBe('Minimum price cannot exceed £1000');
    expect(minimumPriceError(1e21)).toBe('Minimum price cannot exceed £1000');
  });

  it("is a whole number: 'Enter a whole number of pounds' (api-contract §8.1)", () => {
    expect(minimumPriceError(12.5)).toBe('Enter a whole number of pounds');
    expect(errorsOf(MinimumPriceSchema, '12.50')._).toBe('Enter a whole number of pounds');
    expect(errorsOf(MinimumPriceSchema, true)._).toBe('Minimum price must be at least £1');
  });
});

describe('whole-pound fields never change what was typed (api-contract §8.1)', () => {
  const decimals = ['7.50', '2.50', '7.5', '7.', '.5', ' 12.99 ', '0.5', '-2.5', 7.5, 2.5];

  it.each(decimals)("refuses %j with 'Enter a whole number of pounds' in every price rule", (value) => {
    expect(MESSAGES.wholePounds).toBe('Enter a whole number of pounds');
    expect(minimumPriceError(value)).toBe(MESSAGES.wholePounds);
    expect(counterPriceError(value)).toBe(MESSAGES.wholePounds);
    expect(customerPriceError(value, 1)).toBe(MESSAGES.wholePounds);
    for (const schema of [MinimumPriceSchema, CounterPriceSchema, CustomerPriceSchema]) {
      expect(errorsOf(schema, value)._).toBe(MESSAGES.wholePounds);
    }
  });

  it('reads whole pounds as typed, never as another number', () => {
    expect(parseOk(MinimumPriceSchema, '750')).toBe(750);
    expect(parseOk(MinimumPriceSchema, '7')).toBe(7);
    expect(parseOk(CounterPriceSchema, '25')).toBe(25);
    expect(parseOk(CustomerPriceSchema, '45.0')).toBe(45);
    expect(isFractionalNumber('7.00')).toBe(false);
    expect(isFractionalNumber('abc')).toBe(false);
  });
});

describe('counter offer', () => {
  it("is £1 to £300 ('Maximum counter offer is £300')", () => {
    expect(counterPriceError(300)).toBeNull();
    expect(counterPriceError(301)).toBe('Maximum counter offer is £300');
    expect(counterPriceError(0)).toBe('Counter offer must be at least £1');
  });
});

describe('customer price', () => {
  it("is whole pounds, at least the business minimum ('Price must be at least £{min}')", () => {
    expect(customerPriceError(25, 25)).toBeNull();
    expect(customerPriceError('60', 25)).toBeNull();
    expect(customerPriceError(24, 25)).toBe('Price must be at least £25');
    expect(customerPriceError('', 25)).toBe('Price must be at least £25');
    expect(customerPriceError(30.5, 25)).toBe('Enter a whole number of pounds');
  });

  it('takes a leading £ as people write it, and names the real problem (issue 29, item 8)', () => {
    expect(customerPriceError('£30', 22)).toBeNull();
    expect(customerPriceError(' £ 30 ', 22)).toBeNull();
    expect(parseWholePounds('£30')).toBe(30);
    expect(customerPriceError('£20', 22)).toBe('Price must be at least £22');
    expect(customerPriceError('£7.50', 5)).toBe('Enter a whole number of pounds');
    for (const text of ['thirty', '30p', '£', '£30£', '3O']) {
      expect(customerPriceError(text, 22)).toBe('Enter a whole number of pounds');
    }
    expect(minimumPriceError('£25')).toBeNull();
    expect(counterPriceError('£40')).toBeNull();
    expect(counterPriceError('forty')).toBe('Enter a whole number of pounds');
  });
});

describe('preset prices', () => {
  it('offers four steps of £5 above the minimum (issue 29, item 7)', () => {
    expect(presetPricesFor(20)).toEqual([25, 30, 35, 40]);
    expect(presetPricesFor(22)).toEqual([25, 30, 35, 40]);
    expect(presetPricesFor(25)).toEqual([30, 35, 40, 45]);
    expect(presetPricesFor(49)).toEqual([50, 55, 60, 65]);
    expect(presetPricesFor(1)).toEqual([5, 10, 15, 20]);
  });

  it('never offers more than a booking may cost', () => {
    expect(presetPricesFor(MAX_BOOKING_PRICE - 7).every((price) => price <= MAX_BOOKING_PRICE)).toBe(true);
    expect(presetPricesFor(MAX_BOOKING_PRICE)).toEqual([]);
  });
});
