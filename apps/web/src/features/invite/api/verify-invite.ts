import { type VerifyInviteResponse, VerifyInviteResponseSchema } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /auth/verify-invite { inviteCode } → { email, valid, expired } (api-contract §2). */
export async function verifyInvite(inviteCode: string): Promise<VerifyInviteResponse> {
  const body = await apiClient.post<unknown>('/auth/verify-invite', { inviteCode });
  return VerifyInviteResponseSchema.parse(body);
}

export const verifyInviteQueryOptions = (inviteCode: string) =>
  queryOptions({
    queryKey: queryKeys.inviteCheck(inviteCode),
    queryFn: () => verifyInvite(inviteCode),
    // NOTE: checked once per visit. Once the invite is used (registration) a new check would say
    // 'invalid' and replace the confirm screen, so it is never refetched; and a failed check is an
    // invalid invite (spec §8), not something to retry against the rate limit.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useVerifyInvite = (inviteCode: string) => useQuery(verifyInviteQueryOptions(inviteCode));
