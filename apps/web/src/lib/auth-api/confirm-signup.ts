import type { ConfirmSignupRequest, MessageResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/confirm-signup { username (the email), code }. */
export const confirmSignup = (request: ConfirmSignupRequest): Promise<MessageResponse> =>
  apiClient.post<MessageResponse>('/auth/confirm-signup', request);

export const useConfirmSignupMutation = () => useMutation({ mutationFn: confirmSignup });
