import { addDays, BUSINESS_SEARCH_MESSAGES, BUSINESS_SORTS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activeFilterCount, filtersFromSearch, SORTS, searchOfFilters } from './business-filters';
import { isStaleCursorError, STALE_CURSOR_MESSAGE } from './get-businesses';

const TODAY = '2026-11-26';
const parse = (query: string) => filtersFromSearch(new URLSearchParams(query), TODAY);

describe('business filters in the URL', () => {
  it('reads every filter, trimmed', () => {
    expect(
      parse(
        'town=%20Belfast%20&q=%20skin%20fade%20&homeVisits=true&maxPrice=20&availableOn=2026-11-28&sort=price',
      ),
    ).toEqual({
      town: 'Belfast',
      q: 'skin fade',
      homeVisits: true,
      maxPrice: 20,
      availableOn: '2026-11-28',
      sort: 'price',
    });
  });

  it('defaults to the soonest free first with nothing filtered', () => {
    expect(parse('')).toEqual({ sort: 'next' });
    expect(activeFilterCount(parse(''))).toBe(0);
  });

  it('drops what the API would refuse: a day outside today..today+28, a price that is not whole pounds, an unknown sort', () => {
    expect(parse(`availableOn=${addDays(TODAY, -1)}`)).toEqual({ sort: 'next' });
    expect(parse(`availableOn=${addDays(TODAY, 29)}`)).toEqual({ sort: 'next' });
    expect(parse(`availableOn=${addDays(TODAY, 28)}`).availableOn).toBe('2026-12-24');
    expect(parse('availableOn=2026-02-30')).toEqual({ sort: 'next' });
    for (const price of ['cheap', '12.5', '-5', '99999999'])
      expect(parse(`maxPrice=${price}`)).toEqual({ sort: 'next' });
    expect(parse('sort=popular&homeVisits=false&town=%20%20')).toEqual({ sort: 'next' });
  });

  it('writes only what is set, leaving out the default sort, and reads back the same', () => {
    const filters = { town: 'Derry', homeVisits: true as const, maxPrice: 25, sort: 'name' as const };
    expect(searchOfFilters(filters).toString()).toBe('town=Derry&homeVisits=true&maxPrice=25&sort=name');
    expect(filtersFromSearch(searchOfFilters(filters), TODAY)).toEqual(filters);
    expect(searchOfFilters({ sort: 'next' }).toString()).toBe('');
    expect(activeFilterCount(filters)).toBe(3);
  });

  it("mirrors the contract's sorts and stale-cursor message (kept out of the entry's imports)", () => {
    expect(SORTS).toEqual(BUSINESS_SORTS);
    expect(STALE_CURSOR_MESSAGE).toBe(BUSINESS_SEARCH_MESSAGES.cursor);
  });

  it("knows a stale cursor's 400 from other failures", () => {
    const stale = BUSINESS_SEARCH_MESSAGES.cursor;
    expect(isStaleCursorError(new ApiError(400, 'ValidationError', stale, { cursor: stale }))).toBe(true);
    expect(isStaleCursorError(new ApiError(400, 'BadRequest', stale))).toBe(true);
    expect(isStaleCursorError(new ApiError(400, 'ValidationError', BUSINESS_SEARCH_MESSAGES.sort))).toBe(
      false,
    );
    expect(isStaleCursorError(new ApiError(500, 'InternalError', stale))).toBe(false);
  });
});
