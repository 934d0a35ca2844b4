import { formatPence } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../mail/layout';
import type { PaymentsService } from './payments.service';

const AccountParamsSchema = z.object({ accountRef: z.string().min(1).max(64) });
const ReturnQuerySchema = z.object({ return: z.string().max(500).optional() });

/** A development provider page: plain HTML, marked TEST, no scripts (the CSP allows none inline). */
function testPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (TEST)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
.test{display:inline-block;background:#f08c00;color:#fff;font-weight:700;padding:.15rem .5rem;border-radius:4px}
main{border:1px solid #dee2e6;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
button{font:inherit;font-weight:600;min-height:44px;padding:0 1.25rem;border-radius:6px;border:0;background:#0b7285;color:#fff;cursor:pointer}
a{color:#0b7285}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.secondary{background:#fff;color:#0b7285;border:1px solid #0b7285;margin-top:.75rem}
</style>
</head>
<body>
<p><span class="test">TEST</span> The development payment provider: no money moves. With a real provider, its own page stands here.</p>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/**
 * The development provider's pages (api-contract §9.2), under /dev/payments/: they open from their
 * URL alone, without signing in, like the provider pages they stand for, and make the same state
 * changes as Stripe's events. Registered only while the development provider is in use.
 */
export const paymentsDevRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; appUrl: string }> = async (
  app,
  { payments, appUrl },
) => {
  // A form's POST; only in this plugin (the API itself takes JSON only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Back to the app only: a return address elsewhere goes to the dashboard instead. */
  const returnTo = (candidate: string | undefined) =>
    candidate?.startsWith(`${appUrl}/`) ? candidate : `${appUrl}/admin?tab=configuration`;

  app.get(
    '/dev/payments/onboarding/:accountRef',
    { schema: { hide: true, params: AccountParamsSchema, querystring: ReturnQuerySchema } },
    async (request, reply) => {
      const account = await payments.accountByRef(request.params.accountRef);
      const back = returnTo(request.query.return);
      const state =
        account.status === 'active'
          ? '<p>This test account is active: it can take payments.</p>'
          : '<p>A real provider would ask for the business’s identity and bank account here.</p>';
      const page = testPage(
        'Payout account',
        `<p>Account <code>${escapeHtml(account.account_ref)}</code></p>
${state}
<form method="post" action="/dev/payments/onboarding/${encodeURIComponent(account.account_ref)}/activate">
<input type="hidden" name="return" value="${escapeHtml(back)}">
<button type="submit">Activate test account</button>
</form>
<p><a href="${escapeHtml(back)}">Back to TrimTime NI</a></p>`,
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );

  app.post(
    '/dev/payments/onboarding/:accountRef/activate',
    {
      schema: {
        hide: true,
        params: AccountParamsSchema,
        body: z.object({ return: z.string().max(500).optional() }).optional(),
      },
    },
    async (request, reply) => {
      await payments.accountActivated(request.params.accountRef);
      return reply.code(303).header('location', returnTo(request.body?.return)).send();
    },
  );

  const CheckoutParamsSchema = z.object({ ref: z.string().min(1).max(64) });

  app.get(
    '/dev/payments/checkout/:ref',
    { schema: { hide: true, params: CheckoutParamsSchema } },
    async (request, reply) => {
      const { charge, businessName, when, what, returnUrl } = await payments.checkoutOf(request.params.ref);
      const action = `/dev/payments/checkout/${encodeURIComponent(request.params.ref)}`;
      const amount = formatPence(charge.amount_pence);
      const body =
        charge.status === 'pending'
          ? `<p class="amount">${escapeHtml(amount)}</p>
<p>${what === 'deposit' ? 'Deposit' : 'Payment'} to <strong>${escapeHtml(businessName)}</strong> for ${escapeHtml(when)}.</p>
<form method="post" action="${action}/pay"><button type="submit">Pay (test)</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
          : `<p>${charge.status === 'succeeded' ? `Paid: ${escapeHtml(amount)} to ${escapeHtml(businessName)}.` : 'This checkout has ended.'}</p>
<p><a href="${escapeHtml(returnUrl)}">Back to TrimTime NI</a></p>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(testPage('Checkout', body));
    },
  );

  app.post(
    '/dev/payments/checkout/:ref/pay',
    { schema: { hide: true, params: CheckoutParamsSchema } },
    async (request, reply) => {
      await payments.checkoutCompleted(request.params.ref);
      const { returnUrl } = await payments.checkoutOf(request.params.ref);
      return reply.code(303).header('location', returnUrl).send();
    },
  );

  app.post(
    '/dev/payments/checkout/:ref/cancel',
    { schema: { hide: true, params: CheckoutParamsSchema } },
    async (request, reply) => {
      await payments.checkoutCancelled(request.params.ref);
      const { returnUrl } = await payments.checkoutOf(request.params.ref);
      return reply.code(303).header('location', returnUrl).send();
    },
  );
};
