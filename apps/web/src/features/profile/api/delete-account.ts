import type { MessageResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * DELETE /user/delete-account → 200 { message }; 409 with a message mentioning "active bookings"
 * while the customer has upcoming Requested, Countered, Approved or Confirmed bookings.
 */
export const deleteAccount = (): Promise<MessageResponse> =>
  apiClient.delete<MessageResponse>('/user/delete-account');

// NOTE: nothing is invalidated on success: the account's tokens are already dead, so a refetch
// would only earn a 401. The caller clears the session and the whole query cache instead.
export const useDeleteAccountMutation = () => useMutation({ mutationFn: deleteAccount });
