import { z } from 'zod';

/** Where a business's payout account stands (api-contract §9.2). */
export const PAYMENT_ACCOUNT_STATUSES = ['not_connected', 'pending', 'active'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/**
 * Who takes the money: Stripe (with its keys), the development provider (outside production
 * without them), or nobody (production without them: every business is paid at the appointment).
 */
export const PAYMENT_PROVIDERS = ['stripe', 'development', 'off'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /payments/account. */
export const PaymentAccountResponseSchema = z.object({
  status: z.enum(PAYMENT_ACCOUNT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type PaymentAccountResponse = z.infer<typeof PaymentAccountResponseSchema>;

/** POST /payments/connect and /payments/checkout: the provider's page to open. */
export const PaymentPageResponseSchema = z.object({ url: z.string() });
export type PaymentPageResponse = z.infer<typeof PaymentPageResponseSchema>;
