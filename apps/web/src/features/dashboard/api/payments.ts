import type { PaymentAccountResponse, PaymentPageResponse, PaymentSettings } from '@app/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /payments/account: where the payout account stands, and which provider takes payments. */
export const paymentAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentAccount,
    queryFn: () => apiClient.get<PaymentAccountResponse>('/payments/account'),
  });

/** GET /user/payment-settings: pay at the appointment, a deposit, or full payment. */
export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentSettings,
    queryFn: () => apiClient.get<PaymentSettings>('/user/payment-settings'),
  });

export const usePaymentAccount = () => useQuery(paymentAccountQueryOptions());
export const usePaymentSettings = () => useQuery(paymentSettingsQueryOptions());

/** POST /payments/connect: the provider's onboarding page (the account is made at the first call). */
export const useConnectPayoutsMutation = () =>
  useMutation({ mutationFn: () => apiClient.post<PaymentPageResponse>('/payments/connect', {}) });

/** PUT /user/payment-settings: 409 PaymentsNotActive unless the account is active (deposit, full). */
export function useUpdatePaymentSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PaymentSettings) =>
      apiClient.put<PaymentSettings>('/user/payment-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.paymentSettings, saved),
  });
}
