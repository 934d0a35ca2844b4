import type { VerifyEmailRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { userDetailsQueryOptions } from '@/lib/auth';
import type { CustomerProfile } from './update-profile';

/** POST /user/verify-email { code } → 200 profile with the new Email (409 if another account took it). */
export const verifyEmail = (request: VerifyEmailRequest): Promise<CustomerProfile> =>
  apiClient.post<CustomerProfile>('/user/verify-email', request);

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
