import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { CheckoutRequest, PaymentProvider } from './payment-provider';

/** A Stripe payout account's state as the product keeps it. */
export type StripeAccountState = 'pending' | 'active';

/** How long a customer has on Stripe's page before the session expires (Stripe's minimum is 30 min). */
const CHECKOUT_LIFETIME_S = 60 * 60;

/**
 * Stripe (api-contract §9.2, decision 27): Connect Express accounts for businesses, a hosted
 * Checkout Session per payment as a destination charge (the money goes to the business's account,
 * the platform keeps PLATFORM_FEE_PERCENT as the application fee), refunds that reverse the transfer
 * and the fee. The product never sees a card. Stripe is called only when needed, never at start.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly platformFeePercent = 0,
  ) {
    const base = config.apiBase ? new URL(config.apiBase) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createAccount(business: { id: string; email: string }): Promise<string> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: 'GB',
        email: business.email,
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { businessId: business.id },
      },
      // One account per business, however often its first connect is tried.
      { idempotencyKey: `account:${business.id}` },
    );
    return account.id;
  }

  async onboardingUrl(accountRef: string, returnUrl: string): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: accountRef,
      type: 'account_onboarding',
      refresh_url: returnUrl,
      return_url: returnUrl,
    });
    return link.url;
  }

  async createCheckout(checkout: CheckoutRequest): Promise<{ ref: string; url: string }> {
    const fee = Math.round((checkout.amountPence * this.platformFeePercent) / 100);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: checkout.bookingId,
      metadata: { bookingId: checkout.bookingId },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: checkout.amountPence,
            product_data: { name: checkout.description },
          },
        },
      ],
      payment_intent_data: {
        ...(fee > 0 ? { application_fee_amount: fee } : {}),
        transfer_data: { destination: checkout.accountRef },
        metadata: { bookingId: checkout.bookingId },
      },
      success_url: checkout.returnUrl,
      cancel_url: checkout.returnUrl,
      expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_S,
    });
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { ref: session.id, url: session.url };
  }

  /**
   * Refunds part or all of a checkout's payment; the transfer and the fee go back with it. Stripe
   * keeps an idempotent answer, a refusal included, so each try has a key of its own; a try after a
   * lost answer finds the refund it made (by its ledger id in the metadata) instead of making a
   * second one.
   */
  async refund(chargeRef: string, amountPence: number, ledgerId: string): Promise<string> {
    const session = await this.stripe.checkout.sessions.retrieve(chargeRef);
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!paymentIntent) throw new Error(`checkout session ${chargeRef} has no payment to refund`);
    const made = await this.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    const earlier = made.data.find(
      (refund) =>
        refund.metadata?.ledgerId === ledgerId && refund.status !== 'failed' && refund.status !== 'canceled',
    );
    if (earlier) return earlier.id;
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: amountPence,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { ledgerId },
      },
      { idempotencyKey: `refund:${ledgerId}:${randomUUID()}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new Error(`Stripe refused the refund: ${refund.failure_reason ?? refund.status}`);
    }
    return refund.id;
  }

  /** The account's state now, read from Stripe (events may arrive out of order). */
  async accountState(accountRef: string): Promise<StripeAccountState> {
    const account = await this.stripe.accounts.retrieve(accountRef);
    return account.charges_enabled && account.details_submitted ? 'active' : 'pending';
  }

  /**
   * The event of a webhook delivery, once its `Stripe-Signature` (t=…,v1=…: HMAC-SHA256 of
   * `{t}.{raw body}` with the webhook secret, 5 minutes' tolerance) matches; throws otherwise.
   */
  verifyEvent(rawBody: Buffer, signature: string, nowMs = Date.now()): Stripe.Event {
    return this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.webhookSecret,
      300,
      undefined,
      nowMs,
    );
  }
}
