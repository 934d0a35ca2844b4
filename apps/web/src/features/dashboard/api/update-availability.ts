import type { Availability, AvailabilityRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/availability { availability } → 200 profile; 400 with the spec's messages. */
export const updateAvailability = (availability: Availability): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/availability', { availability } satisfies AvailabilityRequest);

export const useUpdateAvailabilityMutation = () => useProfileSettingMutation(updateAvailability);
