import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/**
 * The development provider (api-contract §9.2): outside production without Stripe's keys, so that
 * `npm start` shows the whole flow. Its "provider pages" are the app's own TEST pages under
 * /dev/payments/ (payments.dev.routes.ts), which make the same state changes as Stripe's events.
 */
export class DevelopmentProvider implements PaymentProvider {
  readonly name = 'development' as const;

  constructor(private readonly appUrl: string) {}

  async createAccount(): Promise<string> {
    return `acct_test_${randomBytes(12).toString('hex')}`;
  }

  async onboardingUrl(accountRef: string, returnUrl: string): Promise<string> {
    const url = new URL(`${this.appUrl}/dev/payments/onboarding/${encodeURIComponent(accountRef)}`);
    url.searchParams.set('return', returnUrl);
    return url.toString();
  }

  async createCheckout(): Promise<{ ref: string; url: string }> {
    const ref = `cs_test_${randomBytes(12).toString('hex')}`;
    return { ref, url: `${this.appUrl}/dev/payments/checkout/${ref}` };
  }

  /** A test refund is taken at once. */
  async refund(): Promise<string> {
    return `re_test_${randomBytes(12).toString('hex')}`;
  }
}
