import type { RegisterRequest, RegisterResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /auth/register: 201, a code is emailed; 409 UsernameExists; 400 validation. */
export const register = (payload: RegisterRequest): Promise<RegisterResponse> =>
  apiClient.post<RegisterResponse>('/auth/register', payload, { encodePasswords: true });

export const useRegisterMutation = () => useMutation({ mutationFn: register });
