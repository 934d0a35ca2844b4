import type { AvailabilityInput, AwayDate } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';
import type { AccountProfile } from '@/lib/profile-api';

/**
 * The signed-in business as GET /user/userdetails returns it (api-contract §3): the account plus
 * the business fields. Every PUT /user/* of the dashboard answers with this same profile.
 */
export interface BusinessProfile extends AccountProfile {
  BusinessName?: string;
  BusinessAddress?: string;
  BusinessDescription?: string | null;
  minimumPrice?: number;
  homeVisitsEnabled?: boolean;
  availability?: AvailabilityInput | null;
  awayDates?: AwayDate[];
}

/** The dashboard reads the same cached query as the session (one request for both). */
export function useBusinessProfile() {
  const query = useQuery(userDetailsQueryOptions());
  return { ...query, data: query.data as BusinessProfile | undefined };
}
