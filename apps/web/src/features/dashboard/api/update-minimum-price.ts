import { apiClient } from '@/lib/api-client';
import type { BusinessProfile } from './business-profile';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/minimum-price { minimumPrice } (whole pounds, £1–£1000) → 200 profile. */
export const updateMinimumPrice = (minimumPrice: number): Promise<BusinessProfile> =>
  apiClient.put<BusinessProfile>('/user/minimum-price', { minimumPrice });

export const useUpdateMinimumPriceMutation = () => useProfileSettingMutation(updateMinimumPrice);
