import type { HomeVisitRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/home-visit { homeVisitsEnabled } → 200 profile. */
export const updateHomeVisit = (homeVisitsEnabled: boolean): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/home-visit', { homeVisitsEnabled } satisfies HomeVisitRequest);

export const useUpdateHomeVisitMutation = () => useProfileSettingMutation(updateHomeVisit);
