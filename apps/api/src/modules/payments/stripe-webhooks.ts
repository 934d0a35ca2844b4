import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { PaymentsRepository } from '../../repositories/payments.repository';
import type { PaymentsService } from './payments.service';
import type { StripeProvider } from './stripe-provider';

export const WEBHOOK_MESSAGES = {
  badSignature: 'The Stripe-Signature header is missing or does not match this body.',
  notConfigured: 'This server does not take payments through Stripe.',
} as const;

/** The events the product uses; any other is answered 200 and changes nothing. */
const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'account.updated',
  'charge.refunded',
  'refund.updated',
  'charge.refund.updated',
]);

/**
 * POST /payments/webhook (api-contract §9.2): Stripe's events, verified against
 * STRIPE_WEBHOOK_SECRET on the raw body, each handled once. Every handler is idempotent on its own
 * (a checkout is settled by a conditional update, an account's state is read from Stripe, a refund
 * is reversed once), so two deliveries at once, on two instances, in any order, change state once;
 * `payment_events` then makes a later redelivery a no-op without touching anything.
 */
export class StripeWebhooks {
  private readonly events: PaymentsRepository;

  constructor(
    private readonly deps: { db: Db; clock: Clock; payments: PaymentsService; stripe: StripeProvider },
  ) {
    this.events = new PaymentsRepository(deps.db);
  }

  async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no signature');
      event = this.deps.stripe.verifyEvent(rawBody, signature, this.deps.clock().getTime());
    } catch {
      throw new AppError('BadRequest', WEBHOOK_MESSAGES.badSignature);
    }
    if (!HANDLED.has(event.type) || (await this.events.eventSeen(event.id))) return;
    await this.handle(event);
    await this.events.recordEvent(
      { id: event.id, provider: 'stripe', type: event.type },
      this.deps.clock().toISOString(),
    );
  }

  private async handle(event: Stripe.Event): Promise<void> {
    const { payments } = this.deps;
    // open switch: Stripe's event types are hundreds; the product handles a few (HANDLED).
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        // A delayed method completes unpaid and succeeds later (its own event).
        if (event.data.object.payment_status === 'paid') {
          await ignoreUnknown(payments.checkoutCompleted(event.data.object.id));
        }
        return;
      case 'checkout.session.expired':
        await ignoreUnknown(payments.checkoutCancelled(event.data.object.id));
        return;
      case 'account.updated': {
        // Read now from Stripe: an older event arriving late never undoes a newer state.
        const state = await this.deps.stripe.accountState(event.data.object.id);
        await ignoreUnknown(payments.accountStatusChanged(event.data.object.id, state));
        return;
      }
      case 'refund.updated':
      case 'charge.refund.updated': {
        const refund = event.data.object;
        if (refund.status === 'failed' || refund.status === 'canceled') {
          await payments.refundReversed(refund.id);
        }
        return;
      }
      default:
        // charge.refunded: the refund was recorded when Stripe took it.
        return;
    }
  }
}

/** An event about a checkout or an account this product did not make (another platform's): ignored. */
async function ignoreUnknown(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NotFound') return;
    throw error;
  }
}
