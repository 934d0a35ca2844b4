import { z } from 'zod';
import { MAX_BOOKING_PRICE } from './constants';
import { isIsoDate } from './dates';

// Finding a business (api-contract §8.5): the list's filters, sorts and pages.

/**
 * Orders of GET /booking/businesses; `next` (the soonest free hour first) is the default; `rating`
 * is highest first, ties by count (businesses below 3 reviews, with no average, after the rest).
 */
export const BUSINESS_SORTS = ['next', 'price', 'rating', 'name'] as const;
export type BusinessSort = (typeof BUSINESS_SORTS)[number];
export const BUSINESS_PAGE_DEFAULT = 20;
export const BUSINESS_PAGE_MAX = 100;
const TOWN_MAX = 60;
const QUERY_MAX = 100;
const CURSOR_MAX = 512;

export const BUSINESS_SEARCH_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${BUSINESS_PAGE_MAX}`,
  maxPrice: 'maxPrice must be a whole number of pounds',
  homeVisits: 'homeVisits must be true or false',
  sort: `sort must be one of ${BUSINESS_SORTS.join(', ')}`,
  availableOn: 'availableOn must be a date (YYYY-MM-DD)',
  availableOnPast: 'availableOn must be today or later',
  town: `town must be at most ${TOWN_MAX} characters`,
  q: `q must be at most ${QUERY_MAX} characters`,
  cursor: 'This list has changed since that page: start again from the first page',
} as const;

const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .max(7, message)
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(0, message).max(max, message));

/** GET /booking/businesses query string (every field optional). */
export const BusinessesQuerySchema = z.object({
  town: z.string().max(TOWN_MAX, BUSINESS_SEARCH_MESSAGES.town).trim().optional(),
  q: z.string().max(QUERY_MAX, BUSINESS_SEARCH_MESSAGES.q).trim().optional(),
  homeVisits: z
    .enum(['true', 'false'], { error: BUSINESS_SEARCH_MESSAGES.homeVisits })
    .transform((value) => value === 'true')
    .optional(),
  maxPrice: wholeNumber(BUSINESS_SEARCH_MESSAGES.maxPrice, MAX_BOOKING_PRICE).optional(),
  availableOn: z
    .string()
    .refine(isIsoDate, BUSINESS_SEARCH_MESSAGES.availableOn)
    .optional()
    .describe('A day with at least one free hour; today or later (400 before today)'),
  sort: z.enum(BUSINESS_SORTS, { error: BUSINESS_SEARCH_MESSAGES.sort }).optional().default('next'),
  limit: wholeNumber(BUSINESS_SEARCH_MESSAGES.limit, BUSINESS_PAGE_MAX)
    .pipe(z.number().min(1, BUSINESS_SEARCH_MESSAGES.limit))
    .optional()
    .default(BUSINESS_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(CURSOR_MAX, BUSINESS_SEARCH_MESSAGES.cursor)
    .optional()
    .describe('nextCursor of the previous page, with the same filters and sort'),
});
export type BusinessesQuery = z.output<typeof BusinessesQuerySchema>;
export type BusinessesQueryInput = z.input<typeof BusinessesQuerySchema>;

/** Words of a search, lower-cased: every one must appear in the business's name, description or owner's name. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLocaleLowerCase('en-GB')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** A town as compared: case and surrounding spaces ignored. */
export function townKey(town: string): string {
  return town.trim().toLocaleLowerCase('en-GB');
}
