import type { MessageResponse, ResetPasswordRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/reset-password { email, confirmationCode, newPassword }. */
export const resetPassword = (request: ResetPasswordRequest): Promise<MessageResponse> =>
  apiClient.post<MessageResponse>('/auth/reset-password', request, { encodePasswords: true });

export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
