import type { HomeVisitRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/**
 * PUT /user/home-visit { homeVisitsEnabled, homeVisitDistricts? } → 200 profile. The districts go as
 * typed ('BT1-BT9, BT20'; '' for anywhere); left out, they stay as they are.
 */
export const updateHomeVisit = (request: HomeVisitRequest): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/home-visit', request);

export const useUpdateHomeVisitMutation = () => useProfileSettingMutation(updateHomeVisit);
