import type { ProfileUpdateRequest, UserProfile, VerifyEmailRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { userDetailsQueryOptions } from './auth';

/**
 * Editing the signed-in account's own profile, shared by the customer profile and the business
 * dashboard (api-contract §3).
 */

/**
 * PUT /user/update { FirstName, LastName, Email, PhoneNumber, Address } → 200 profile (Address for
 * customers only). A changed Email is not applied at once: the profile comes back with
 * `PendingEmail` and a code is emailed to the new address.
 */
export const updateProfile = (request: ProfileUpdateRequest): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/update', request);

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
export const verifyEmail = (request: VerifyEmailRequest): Promise<UserProfile> =>
  apiClient.post<UserProfile>('/user/verify-email', request);

export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (profile) => {
      const { queryKey } = userDetailsQueryOptions();
      queryClient.setQueryData(queryKey, profile);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
