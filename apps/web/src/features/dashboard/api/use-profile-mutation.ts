import type { UserProfile } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';

/**
 * A mutation of one of the business's settings (PUT /user/*). Each answers with the whole profile,
 * which replaces the cached one, so every tab sees the saved value at once.
 */
export function useProfileSettingMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<UserProfile>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
    },
  });
}
