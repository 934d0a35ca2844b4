import type { ProfileUpdateRequest, VerifyEmailRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { type UserDetails, userDetailsQueryOptions } from './auth';

/**
 * Editing the signed-in account's own profile, shared by the customer profile and the business
 * dashboard (api-contract §3).
 */

/** The account as GET /user/userdetails and PUT /user/update return it. */
export interface AccountProfile extends UserDetails {
  /** A new email awaiting its code (POST /user/verify-email); null or absent when none. */
  PendingEmail?: string | null;
}

/**
 * PUT /user/update { FirstName, LastName, Email, PhoneNumber, Address } → 200 profile (Address for
 * customers only). A changed Email is not applied at once: the profile comes back with
 * `PendingEmail` and a code is emailed to the new address.
 */
export const updateProfile = (request: ProfileUpdateRequest): Promise<AccountProfile> =>
  apiClient.put<AccountProfile>('/user/update', request);

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
    },
  });
}

/** POST /user/verify-email { code } → 200 profile with the new Email (409 if another account took it). */
export const verifyEmail = (request: VerifyEmailRequest): Promise<AccountProfile> =>
  apiClient.post<AccountProfile>('/user/verify-email', request);

export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (profile) => {
      const { queryKey } = userDetailsQueryOptions();
      if (profile && typeof profile === 'object' && 'id' in profile)
        queryClient.setQueryData(queryKey, profile);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
