import {
  ApiErrorSchema,
  BusinessesQuerySchema,
  BusinessesResponseSchema,
  TownsResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHED_READ_CONFIG, sendCached, serializeWith } from '../../lib/http-cache';
import type { ReadCache } from '../../lib/read-cache';
import type { ListingService } from './listing.service';

export interface ListingRoutesOptions {
  listing: ListingService;
  /** The public reads' micro-cache (docs/decisions/0006-read-caching.md). */
  readCache: ReadCache;
}

const CACHED_NOTE =
  'Served from a per-instance cache of at most a couple of seconds, emptied by every write this instance handles. Sends an ETag (If-None-Match → 304) and gzip when Accept-Encoding allows it.';

/** GET /api/booking/businesses and /api/booking/towns (api-contract §8.5): public, cached reads. */
export const listingRoutes: FastifyPluginAsyncZod<ListingRoutesOptions> = async (
  app,
  { listing, readCache },
) => {
  app.get(
    '/businesses',
    {
      config: CACHED_READ_CONFIG,
      schema: {
        tags: ['booking'],
        summary: 'Confirmed, listed businesses: filtered, sorted and a page at a time',
        description: `town (case-insensitive; an unknown town is an empty list), q (every word in the business name, description or owner’s name), homeVisits=true, maxPrice (minimum price at most it), availableOn (a day with a free hour, today or later), sort (next: soonest free hour first, then by name; price; rating: highest average first, then most reviews, businesses without an average (fewer than 3 reviews) last by name; name), limit (1–100, default 20), cursor (the previous page’s nextCursor, with the same filters and sort; 400 otherwise). ${CACHED_NOTE}`,
        querystring: BusinessesQuerySchema,
        response: { 200: BusinessesResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const key = `businesses:${JSON.stringify([
        query.town,
        query.q,
        query.homeVisits,
        query.maxPrice,
        query.availableOn,
        query.sort,
        query.limit,
        query.cursor,
      ])}`;
      const body = await readCache.get(key, async () =>
        serializeWith(BusinessesResponseSchema, await listing.search(query)),
      );
      return sendCached(request, reply, body);
    },
  );

  app.get(
    '/towns',
    {
      config: CACHED_READ_CONFIG,
      schema: {
        tags: ['booking'],
        summary: 'The towns of listed businesses, by name, with how many are in each',
        description: CACHED_NOTE,
        response: { 200: TownsResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await readCache.get('towns', async () =>
        serializeWith(TownsResponseSchema, await listing.towns()),
      );
      return sendCached(request, reply, body);
    },
  );
};
