import { apiClient } from '@/lib/api-client';
import type { BusinessProfile } from './business-profile';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/home-visit { homeVisitsEnabled } → 200 profile. */
export const updateHomeVisit = (homeVisitsEnabled: boolean): Promise<BusinessProfile> =>
  apiClient.put<BusinessProfile>('/user/home-visit', { homeVisitsEnabled });

export const useUpdateHomeVisitMutation = () => useProfileSettingMutation(updateHomeVisit);
