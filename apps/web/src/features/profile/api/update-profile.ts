import type { ProfileUpdateRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type UserDetails, userDetailsQueryOptions } from '@/lib/auth';

/** The customer's profile as GET /user/userdetails and PUT /user/update return it. */
export interface CustomerProfile extends UserDetails {
  /** A new email awaiting its code (POST /user/verify-email); null or absent when none. */
  PendingEmail?: string | null;
}

/**
 * PUT /user/update { FirstName, LastName, Email, PhoneNumber, Address } → 200 profile. A changed
 * Email is not applied at once: the profile comes back with `PendingEmail` and a code is emailed.
 */
export const updateProfile = (request: ProfileUpdateRequest): Promise<CustomerProfile> =>
  apiClient.put<CustomerProfile>('/user/update', request);

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
    },
  });
}
