import type { PaymentProviderName } from '@app/domain';

/**
 * What the product asks of a payment provider (api-contract §9.2, decision 27). Two implement it:
 * Stripe (Connect Express accounts, hosted Checkout), and the development provider (TEST pages under
 * /dev/ that drive the same state changes). The product never sees a card.
 */
export interface PaymentProvider {
  readonly name: Exclude<PaymentProviderName, 'off'>;
  /** A new payout account for the business, at its first connect: the provider's id of it. */
  createAccount(business: { id: string; email: string }): Promise<string>;
  /**
   * The provider's onboarding page for the account: the business finishes it there and comes back
   * to `returnUrl`. The account's state arrives separately (Stripe's account.updated, or the
   * development page's button), never from the return.
   */
  onboardingUrl(accountRef: string, returnUrl: string): Promise<string>;
  /**
   * A hosted checkout page for `amountPence`, paid to the business's account, returning to
   * `returnUrl` either way. Only the provider's confirmation (Stripe's checkout.session.completed,
   * the development page's Pay) marks it paid, never the return.
   */
  createCheckout(checkout: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /**
   * Gives back `amountPence` of the charge made through checkout `chargeRef`: the provider's id of
   * the refund. Throws when the provider refuses or cannot be reached (the refund is tried again).
   * `idempotencyKey` (the refund's ledger id) makes a try repeated after a crash or a lost answer
   * the same refund at the provider, never a second one.
   */
  refund(chargeRef: string, amountPence: number, idempotencyKey: string): Promise<string>;
}

export interface CheckoutRequest {
  bookingId: string;
  amountPence: number;
  /** What the customer reads on the page ('Deposit for Bow Street Barbers, Saturday 5 December at 10:00'). */
  description: string;
  accountRef: string;
  returnUrl: string;
}
