import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';

/**
 * The signed-in business as GET /user/userdetails returns it (api-contract §3): the account plus
 * the business fields. Every PUT /user/* of the dashboard answers with this same profile. The
 * dashboard reads the same cached query as the session (one request for both).
 */
export const useBusinessProfile = () => useQuery(userDetailsQueryOptions());
