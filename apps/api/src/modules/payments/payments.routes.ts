import {
  ApiErrorSchema,
  CheckoutRequestSchema,
  PaymentAccountResponseSchema,
  PaymentPageResponseSchema,
  PaymentSettingsSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsService } from './payments.service';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

/**
 * A business's payments (api-contract §9.2), registered at /api: its payout account
 * (/payments/connect, /payments/account) and what it asks customers for (/user/payment-settings).
 * Business and Admin only.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const businessOnly = [app.authenticate, app.requireRole('Business', 'Admin')];

  app.post(
    '/payments/connect',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['payments'],
        summary: "The payment provider's onboarding page for the business's payout account",
        description:
          'Makes the account at the first call. Open the URL; the provider sends the business back to the dashboard. The account becomes active when the provider says so (GET /payments/account). 409 PaymentsUnavailable when online payment is off on this server.',
        security: [{ bearerAuth: [] }],
        response: { 200: PaymentPageResponseSchema, ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const user = request.requireUser();
      return payments.connect({ id: user.id, email: user.email });
    },
  );

  app.get(
    '/payments/account',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['payments'],
        summary: "Where the business's payout account stands, and which provider takes payments",
        description:
          "provider 'off': online payment is off on this server (customers pay at the appointment).",
        security: [{ bearerAuth: [] }],
        response: { 200: PaymentAccountResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => payments.account(request.requireUser().id),
  );

  app.get(
    '/user/payment-settings',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['payments'],
        summary: 'What the business asks customers to pay online when a booking is agreed',
        security: [{ bearerAuth: [] }],
        response: { 200: PaymentSettingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => payments.settings(request.requireUser().id),
  );

  app.put(
    '/user/payment-settings',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['payments'],
        summary: 'Pay at the appointment, a deposit (depositPercent 10–90) or full payment',
        description:
          'deposit and full need an active payout account: 409 PaymentsNotActive (or PaymentsUnavailable when online payment is off on this server).',
        security: [{ bearerAuth: [] }],
        body: PaymentSettingsSchema,
        response: { 200: PaymentSettingsSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request) => payments.updateSettings(request.requireUser().id, request.body),
  );

  app.post(
    '/payments/checkout',
    {
      // Any signed-in caller: anyone but the booking's customer is told it does not exist (404).
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The payment provider's page to pay what an agreed booking asks for (its customer)",
        description:
          "Open the URL; the provider sends the customer back to the booking's card. Only the provider's confirmation marks the booking Paid, and a receipt email follows. 404 for anyone but the booking's customer; 409 NothingDue unless PaymentStatus is Due; 503 when the provider cannot be reached (nothing is written).",
        security: [{ bearerAuth: [] }],
        body: CheckoutRequestSchema,
        response: { 200: PaymentPageResponseSchema, ...bodyErrors(404, 409, 503) },
      },
    },
    async (request) => payments.checkout(request.requireUser().id, request.body.bookingId),
  );
};
