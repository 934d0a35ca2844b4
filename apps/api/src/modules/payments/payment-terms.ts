import { amountDuePence, isPaymentMode, paymentDueBy, type ReminderOffset } from '@app/domain';
import { NO_PAYMENT } from '../../repositories/bookings.repository';
import type { PaymentsRepository } from '../../repositories/payments.repository';

export interface PaymentTermsRules {
  /** Online payment is on (a provider is configured). */
  online: boolean;
  /** PAYMENT_WINDOW. */
  window: ReminderOffset;
}

/**
 * What a booking agreed now at `agreedPrice` asks for (api-contract §9.2), read in the agreement's
 * transaction (under the business's lock): Due with the amount and deadline when the business asks
 * for a deposit or full payment and its payout account is active, else nothing.
 */
export async function paymentTermsOf(
  payments: PaymentsRepository,
  booking: { business_id: string; starts_at: string },
  agreedPrice: number,
  now: Date,
  rules: PaymentTermsRules,
) {
  const nothing = {
    payment_status: NO_PAYMENT.payment_status,
    amount_due_pence: 0,
    payment_due_by: null,
  } as const;
  if (!rules.online) return nothing;
  const settings = await payments.settingsOf(booking.business_id);
  if (!settings || !isPaymentMode(settings.payment_mode) || settings.payment_mode === 'none') return nothing;
  const account = await payments.accountOf(booking.business_id);
  if (account?.status !== 'active') return nothing;
  const amount = amountDuePence(agreedPrice, {
    mode: settings.payment_mode,
    depositPercent: settings.deposit_percent,
  });
  if (amount <= 0) return nothing;
  return {
    payment_status: 'Due' as const,
    amount_due_pence: amount,
    payment_due_by: paymentDueBy(now, booking.starts_at, rules.window).toISOString(),
  };
}
