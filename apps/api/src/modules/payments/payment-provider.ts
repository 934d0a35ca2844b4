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
}
