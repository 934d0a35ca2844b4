import type { UserProfile } from '@app/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';

/**
 * A mutation of one of the business's settings (PUT /user/*). Each answers with the whole profile,
 * which replaces the cached one, so every tab sees the saved value at once; `alsoChanges` names
 * other answers the setting changes on the server, read again once it is saved.
 */
export function useProfileSettingMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<UserProfile>,
  { alsoChanges = [] }: { alsoChanges?: readonly QueryKey[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
      return Promise.all(alsoChanges.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
