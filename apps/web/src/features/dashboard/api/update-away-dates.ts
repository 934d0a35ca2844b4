import type { AwayDateEntry } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import type { BusinessProfile } from './business-profile';
import { useProfileSettingMutation } from './use-profile-mutation';

/**
 * PUT /user/away-dates { awayDates } → 200 profile. The whole list replaces the stored one: entries
 * sent with their id keep it (and createdAt); entries without one are new.
 */
export const updateAwayDates = (awayDates: AwayDateEntry[]): Promise<BusinessProfile> =>
  apiClient.put<BusinessProfile>('/user/away-dates', { awayDates });

export const useUpdateAwayDatesMutation = () => useProfileSettingMutation(updateAwayDates);
