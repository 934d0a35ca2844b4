import type { AwayDateEntry, AwayDatesRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/**
 * PUT /user/away-dates { awayDates } → 200 profile. The whole list replaces the stored one: entries
 * sent with their id keep it (and createdAt); entries without one are new.
 */
export const updateAwayDates = (awayDates: AwayDateEntry[]): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/away-dates', { awayDates } satisfies AwayDatesRequest);

export const useUpdateAwayDatesMutation = () => useProfileSettingMutation(updateAwayDates);
