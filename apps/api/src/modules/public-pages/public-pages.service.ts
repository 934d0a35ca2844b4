import {
  AvailableTimesQuerySchema,
  AvailableTimesResponseSchema,
  BusinessesQuerySchema,
  BusinessesResponseSchema,
  type PublicPagesData,
  ReviewsQuerySchema,
  ReviewsResponseSchema,
  TownsResponseSchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { BookingsService } from '../bookings/bookings.service';
import type { ListingService } from '../listing/listing.service';
import type { ReviewsService } from '../reviews/reviews.service';

/** Null for a business that is unknown or unlisted (the public endpoints' 404). */
async function unlessNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * The data of the web app's server-rendered public pages (api-contract §9.1), read in process from
 * the same services as the public GET endpoints and shaped by the same response schemas (which
 * also drop anything a service returns beyond the contract, so a page carries only what the API
 * would send anyone).
 */
export class PublicPagesService implements PublicPagesData {
  constructor(
    private readonly deps: { listing: ListingService; bookings: BookingsService; reviews: ReviewsService },
  ) {}

  async businesses(query: Parameters<PublicPagesData['businesses']>[0]) {
    const parsed = BusinessesQuerySchema.parse(query);
    return BusinessesResponseSchema.parse(await this.deps.listing.search(parsed));
  }

  async towns() {
    return TownsResponseSchema.parse(await this.deps.listing.towns());
  }

  async availableTimes(businessId: string) {
    const parsed = AvailableTimesQuerySchema.safeParse({ businessId });
    if (!parsed.success) return null;
    return unlessNotFound(async () =>
      AvailableTimesResponseSchema.parse(
        await this.deps.bookings.requests.availableTimes(parsed.data.businessId),
      ),
    );
  }

  async reviews(businessId: string) {
    const parsed = ReviewsQuerySchema.safeParse({ businessId });
    if (!parsed.success) return null;
    return unlessNotFound(async () => ReviewsResponseSchema.parse(await this.deps.reviews.page(parsed.data)));
  }
}
