import type { BusinessProfileRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/**
 * PUT /user/business-profile { BusinessName, BusinessAddress, BusinessDescription, showFullAddress }
 * → 200 profile (api-contract §8.5); 400 names each bad field.
 */
export const updateBusinessProfile = (details: BusinessProfileRequest): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/business-profile', details);

export const useUpdateBusinessProfileMutation = () => useProfileSettingMutation(updateBusinessProfile);
