import type { MinimumPriceRequest, UserProfile } from '@app/domain';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useProfileSettingMutation } from './use-profile-mutation';

/** PUT /user/minimum-price { minimumPrice } (whole pounds, £1–£1000) → 200 profile. */
export const updateMinimumPrice = (minimumPrice: number): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/minimum-price', { minimumPrice } satisfies MinimumPriceRequest);

/** The server sets the first service's minimum to the same price: the menu is read again. */
export const useUpdateMinimumPriceMutation = () =>
  useProfileSettingMutation(updateMinimumPrice, { alsoChanges: [queryKeys.services] });
