import type { MinimumPriceRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/minimum-price { minimumPrice } (whole pounds, £1–£1000) → 200 profile. */
export const updateMinimumPrice = (minimumPrice: number): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/minimum-price', { minimumPrice } satisfies MinimumPriceRequest);

export const useUpdateMinimumPriceMutation = () => useProfileSettingMutation(updateMinimumPrice);
