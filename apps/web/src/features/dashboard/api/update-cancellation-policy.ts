import type { CancellationPolicyRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/cancellation-policy { noticeHours } (whole hours, 0–72) → 200 profile (api-contract §8.4). */
export const updateCancellationPolicy = (noticeHours: number): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/cancellation-policy', {
    noticeHours,
  } satisfies CancellationPolicyRequest);

export const useUpdateCancellationPolicyMutation = () => useProfileSettingMutation(updateCancellationPolicy);
