import type { MessageResponse, UsernameRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/forgot-password { username }: emails a reset code (200 whether or not the account exists). */
export const forgotPassword = (request: UsernameRequest): Promise<MessageResponse> =>
  apiClient.post<MessageResponse>('/auth/forgot-password', request);

export const useForgotPasswordMutation = () => useMutation({ mutationFn: forgotPassword });
