import {
  addDays,
  BOOKING_WINDOW_WEEKS,
  type BusinessSort,
  isIsoDate,
  MAX_BOOKING_PRICE,
  todayInLondon,
} from '@app/domain';

/**
 * The filters of the businesses list (api-contract §8.5), kept in the page's URL under the API's own
 * parameter names: `/businesses?town=Belfast&homeVisits=true&maxPrice=20&availableOn=2026-12-05&sort=price`.
 *
 * NOTE: this module is in the entry (the route prefetch reads the URL with it), so it takes only zod-free
 * values from @app/domain; BUSINESS_SORTS (beside the zod schemas) is mirrored here, checked by a test.
 */

export const SORTS = ['next', 'price', 'rating', 'name'] as const satisfies readonly BusinessSort[];
export const DEFAULT_SORT: BusinessSort = 'next';
const TOWN_MAX = 60;
const QUERY_MAX = 100;
/** The last day a search may ask about: the end of the booking window. */
export const SEARCH_WINDOW_DAYS = BOOKING_WINDOW_WEEKS * 7;

/** How the "Free on" box shows its day (a dayjs format): "Fri 27 Nov". */
export const AVAILABLE_ON_FORMAT = 'ddd D MMM';

export interface BusinessFilters {
  town?: string;
  q?: string;
  homeVisits?: true;
  maxPrice?: number;
  /** YYYY-MM-DD, today to today + SEARCH_WINDOW_DAYS (London). */
  availableOn?: string;
  sort: BusinessSort;
}

/** The filters that narrow the list (every one but the sort). */
export type FilterName = Exclude<keyof BusinessFilters, 'sort'>;
export const FILTER_NAMES: readonly FilterName[] = ['town', 'q', 'homeVisits', 'maxPrice', 'availableOn'];

const isSort = (value: string | null): value is BusinessSort =>
  value !== null && (SORTS as readonly string[]).includes(value);

/** The days a search may ask about, from today (London). */
export function searchWindow(today: string = todayInLondon()): { first: string; last: string } {
  return { first: today, last: addDays(today, SEARCH_WINDOW_DAYS) };
}

/**
 * The filters a URL asks for. A value the API would refuse (an old shared link's past day, a price
 * that is not whole pounds) is dropped rather than sent, so a stale link still lists businesses.
 */
export function filtersFromSearch(search: URLSearchParams, today: string = todayInLondon()): BusinessFilters {
  const filters: BusinessFilters = {
    sort: isSort(search.get('sort')) ? (search.get('sort') as BusinessSort) : 'next',
  };
  const town = search.get('town')?.trim();
  if (town && town.length <= TOWN_MAX) filters.town = town;
  const q = search.get('q')?.trim().slice(0, QUERY_MAX).trim();
  if (q) filters.q = q;
  if (search.get('homeVisits') === 'true') filters.homeVisits = true;
  const maxPrice = search.get('maxPrice');
  if (maxPrice && /^\d{1,7}$/.test(maxPrice) && Number(maxPrice) <= MAX_BOOKING_PRICE) {
    filters.maxPrice = Number(maxPrice);
  }
  const day = search.get('availableOn');
  const window = searchWindow(today);
  if (day && isIsoDate(day) && day >= window.first && day <= window.last) filters.availableOn = day;
  return filters;
}

/** The query string of `filters` (the page's URL and the API call share it); the default sort is left out. */
export function searchOfFilters(filters: BusinessFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.town) search.set('town', filters.town);
  if (filters.q) search.set('q', filters.q);
  if (filters.homeVisits) search.set('homeVisits', 'true');
  if (filters.maxPrice !== undefined) search.set('maxPrice', String(filters.maxPrice));
  if (filters.availableOn) search.set('availableOn', filters.availableOn);
  if (filters.sort !== DEFAULT_SORT) search.set('sort', filters.sort);
  return search;
}

/** How many filters narrow the list (the sort does not count). */
export const activeFilterCount = (filters: BusinessFilters, names: readonly FilterName[] = FILTER_NAMES) =>
  names.filter((name) => filters[name] !== undefined).length;
