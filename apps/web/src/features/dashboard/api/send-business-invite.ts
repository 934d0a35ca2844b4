import type {
  ResendInviteResponse,
  SendInviteRequest,
  SendInviteResponse,
  SentInvitesResponse,
} from '@app/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /auth/send-business-invite { email } → 201 { message, expiresAt } (Admin only). */
export const sendBusinessInvite = (request: SendInviteRequest): Promise<SendInviteResponse> =>
  apiClient.post<SendInviteResponse>('/auth/send-business-invite', request);

/** GET /auth/invites (Admin only): the invitations sent, newest first. */
export const sentInvitesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sentInvites,
    queryFn: () => apiClient.get<SentInvitesResponse>('/auth/invites'),
  });

/** A change of the invitations: the list is read again once it settles. */
function useInvitesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sentInvites }),
  });
}

export const useSendBusinessInviteMutation = () => useInvitesMutation(sendBusinessInvite);

/** POST /auth/invites/{id}/resend: a new link and expiry, emailed again; the old link stops working. */
export const useResendInviteMutation = () =>
  useInvitesMutation((id: string) =>
    apiClient.post<ResendInviteResponse>(`/auth/invites/${encodeURIComponent(id)}/resend`),
  );

/** DELETE /auth/invites/{id}: the unused invitation's link stops working. */
export const useRevokeInviteMutation = () =>
  useInvitesMutation((id: string) =>
    apiClient.delete<{ message: string }>(`/auth/invites/${encodeURIComponent(id)}`),
  );
