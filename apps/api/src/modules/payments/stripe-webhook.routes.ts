import { ApiErrorSchema } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type StripeWebhooks, WEBHOOK_MESSAGES } from './stripe-webhooks';

/**
 * POST /api/payments/webhook (api-contract §9.2): Stripe's events, with Stripe's keys; without
 * them 404. Its own plugin so that only here a JSON body stays raw bytes: the signature is over
 * them exactly.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhooks: StripeWebhooks | null }> = async (
  app,
  { webhooks },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe’s events: payments, expired checkouts, refunds, payout accounts',
        description:
          'Verifies Stripe-Signature (t=…,v1=…: HMAC-SHA256 of `{t}.{raw body}` with STRIPE_WEBHOOK_SECRET, 5 minutes’ tolerance): missing or wrong, 400 and nothing changes. Handles checkout.session.completed / async_payment_succeeded (Paid), checkout.session.expired, account.updated (the account’s state, read back from Stripe), refund.updated (a failed refund is tried again); each event once. An event already handled, or of another type, is 200 and changes nothing. 404 when this server does not take payments through Stripe.',
        response: { 200: z.object({ received: z.literal(true) }), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      if (!webhooks) throw new AppError('NotFound', WEBHOOK_MESSAGES.notConfigured);
      const signature = request.headers['stripe-signature'];
      await webhooks.receive(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const };
    },
  );
};
