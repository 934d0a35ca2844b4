import type { LoginRequest, LoginResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/login: 200 tokens; 403 'UserNotConfirmed'; 401 wrong email or password. */
export const login = (credentials: LoginRequest): Promise<LoginResponse> =>
  apiClient.post<LoginResponse>('/auth/login', credentials, { encodePasswords: true });

export const useLoginMutation = () => useMutation({ mutationFn: login });
