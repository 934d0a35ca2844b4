import type { ResetPasswordRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/reset-password { email, confirmationCode, newPassword }. */
export const resetPassword = (request: ResetPasswordRequest): Promise<{ message: string }> =>
  apiClient.post<{ message: string }>('/auth/reset-password', request, { encodePasswords: true });

export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
