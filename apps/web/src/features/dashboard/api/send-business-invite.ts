import type { SendInviteRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/send-business-invite { email } → 201 { message, expiresAt } (Admin only). */
export interface SendInviteResponse {
  message: string;
  /** When the link stops working (ISO timestamp or epoch ms). */
  expiresAt: string | number;
}

export const sendBusinessInvite = (request: SendInviteRequest): Promise<SendInviteResponse> =>
  apiClient.post<SendInviteResponse>('/auth/send-business-invite', request);

export const useSendBusinessInviteMutation = () => useMutation({ mutationFn: sendBusinessInvite });
