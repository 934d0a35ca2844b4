import type { ConfirmSignupRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/confirm-signup { username (the email), code }. */
export const confirmSignup = (request: ConfirmSignupRequest): Promise<{ message: string }> =>
  apiClient.post<{ message: string }>('/auth/confirm-signup', request);

export const useConfirmSignupMutation = () => useMutation({ mutationFn: confirmSignup });
