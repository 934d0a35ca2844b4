import type { PaymentPageResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /payments/checkout (api-contract §9.2): the payment provider's page for what the booking
 * still asks for. The page opens in this tab and comes back to the booking's card; the card says
 * Paid once the provider has confirmed it, never because the customer came back.
 */
export const startCheckout = (bookingId: string): Promise<PaymentPageResponse> =>
  apiClient.post<PaymentPageResponse>('/payments/checkout', { bookingId });

export const useStartCheckoutMutation = () => useMutation({ mutationFn: startCheckout });
