import type { SendInviteRequest, SendInviteResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/send-business-invite { email } → 201 { message, expiresAt } (Admin only). */
export const sendBusinessInvite = (request: SendInviteRequest): Promise<SendInviteResponse> =>
  apiClient.post<SendInviteResponse>('/auth/send-business-invite', request);

export const useSendBusinessInviteMutation = () => useMutation({ mutationFn: sendBusinessInvite });
