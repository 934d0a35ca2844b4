import type { BusinessesQueryInput } from '../business-search';
import type { AvailableTimesResponse, BusinessesResponse, TownsResponse } from './bookings';
import type { ReviewsResponse } from './reviews';

/**
 * What the web app's server-rendered public pages read (api-contract §9.1), handed to its route
 * loaders by the API process as the load context. The API implements it with its own services, in
 * process: the answers are the same objects its public GET endpoints send, so the pages render what
 * the client would fetch. Every method reads public data only (no user, no token).
 */
export interface PublicPagesData {
  /** GET /booking/businesses: the first page of the listed businesses matching `query`. */
  businesses(query: BusinessesQueryInput): Promise<BusinessesResponse>;
  /** GET /booking/towns. */
  towns(): Promise<TownsResponse>;
  /** GET /booking/available-times: a listed business and its free times; null for an unknown one. */
  availableTimes(businessId: string): Promise<AvailableTimesResponse | null>;
  /** GET /booking/reviews: a business's first page of visible reviews; null for an unknown one. */
  reviews(businessId: string): Promise<ReviewsResponse | null>;
}

/** The load context of the web app's server render. */
export interface WebLoadContext {
  publicPages: PublicPagesData;
  /** The absolute origin of the app (APP_URL, no trailing slash): canonical and Open Graph URLs. */
  appUrl: string;
  /** This response's CSP nonce, for the scripts the server render writes. */
  nonce: string;
}
