import type { UsernameRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/resend-code { username }: emails a new confirmation code. */
export const resendCode = (request: UsernameRequest): Promise<{ message: string }> =>
  apiClient.post<{ message: string }>('/auth/resend-code', request);

export const useResendCodeMutation = () => useMutation({ mutationFn: resendCode });
