import type { Availability } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import type { BusinessProfile } from './business-profile';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/availability { availability } → 200 profile; 400 with the spec's messages. */
export const updateAvailability = (availability: Availability): Promise<BusinessProfile> =>
  apiClient.put<BusinessProfile>('/user/availability', { availability });

export const useUpdateAvailabilityMutation = () => useProfileSettingMutation(updateAvailability);
