import type { MessageResponse, RegisterWithInviteRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /auth/register-with-invite (business registration payload, password base64-encoded):
 * 201 { message }, a code is emailed; 400 validation; 404/409 unknown or used invite; 410 expired.
 */
export const registerWithInvite = (payload: RegisterWithInviteRequest): Promise<MessageResponse> =>
  apiClient.post<MessageResponse>('/auth/register-with-invite', payload, { encodePasswords: true });

export const useRegisterWithInviteMutation = () => useMutation({ mutationFn: registerWithInvite });
