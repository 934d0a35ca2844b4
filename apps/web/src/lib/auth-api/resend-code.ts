import type { MessageResponse, UsernameRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/resend-code { username }: emails a new confirmation code. */
export const resendCode = (request: UsernameRequest): Promise<MessageResponse> =>
  apiClient.post<MessageResponse>('/auth/resend-code', request);

export const useResendCodeMutation = () => useMutation({ mutationFn: resendCode });
