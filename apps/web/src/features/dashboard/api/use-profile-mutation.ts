import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';
import type { BusinessProfile } from './business-profile';

/**
 * A mutation of one of the business's settings (PUT /user/*). Each answers with the whole profile,
 * which replaces the cached one, so every tab sees the saved value at once.
 */
export function useProfileSettingMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<BusinessProfile>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      if (profile && typeof profile === 'object' && 'id' in profile) {
        queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
      } else {
        return queryClient.invalidateQueries({ queryKey: userDetailsQueryOptions().queryKey });
      }
    },
  });
}
