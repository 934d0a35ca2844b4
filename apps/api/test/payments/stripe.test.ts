import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_API_MESSAGES } from '../../src/modules/payments/payments.service';
import { StripeProvider } from '../../src/modules/payments/stripe-provider';
import { WEBHOOK_MESSAGES } from '../../src/modules/payments/stripe-webhooks';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { FakeStripe } from '../helpers/fake-stripe';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';
import { agreedBooking, customersBooking } from '../helpers/payments';

const WEBHOOK_SECRET = 'whsec_test_secret';

describeEachDatabase('payments through Stripe (a local Stripe-compatible server)', (database) => {
  const fake = new FakeStripe();
  let t: TestApp;
  const db = () => database().db;
  const stripeApp = () =>
    createTestApp(db(), {
      config: {
        stripe: { secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
        platformFeePercent: 10,
      },
    });
  beforeAll(async () => {
    await fake.start();
    t = await stripeApp();
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** Delivers an event as Stripe would: JSON, signed (or with the header given). */
  const deliver = (event: object, options: { signature?: string | null; app?: TestApp } = {}) => {
    const payload = JSON.stringify(event);
    const signature =
      options.signature === undefined ? fake.sign(payload, WEBHOOK_SECRET) : options.signature;
    return (options.app ?? t).app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  };

  /** A business connected at Stripe (account.updated after onboarding), taking a 25% deposit. */
  async function connectedShop(): Promise<Actor & { account: string }> {
    const business = await createBusiness(t, db(), { business_name: 'Bow Street Barbers' });
    const connect = await call(t, 'POST', '/api/payments/connect', business);
    expect(connect.statusCode, connect.body).toBe(200);
    const account = new URL(connect.json().url).pathname.split('/').at(-1)!;
    expect(connect.json().url).toBe(`${fake.url}/setup/${account}`);
    expect((await call(t, 'GET', '/api/payments/account', business)).json()).toEqual({
      status: 'pending',
      provider: 'stripe',
    });
    // The event carries the account as it was; the server reads its state now from Stripe.
    const stale = { ...fake.accounts.get(account)! };
    fake.activate(account);
    expect((await deliver(fake.event('account.updated', stale))).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/payments/account', business)).json().status).toBe('active');
    const saved = await call(t, 'PUT', '/api/user/payment-settings', business, {
      mode: 'deposit',
      depositPercent: 25,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...business, account };
  }

  /** An agreed £30 booking with its £7.50 deposit's checkout open at Stripe. */
  async function openCheckout() {
    const business = await connectedShop();
    const customer = await createCustomer(t, db());
    const { bookingId } = await agreedBooking(t, business, customer);
    const opened = await call(t, 'POST', '/api/payments/checkout', customer, { bookingId });
    expect(opened.statusCode, opened.body).toBe(200);
    const sessionId = new URL(opened.json().url).pathname.split('/').at(-1)!;
    return { business, customer, bookingId, sessionId, url: opened.json().url as string };
  }

  const completed = (sessionId: string) => fake.event('checkout.session.completed', fake.pay(sessionId));

  it('connect, checkout, paid, refund: the whole path, as destination charges with the fee', async () => {
    const { business, customer, bookingId, sessionId, url } = await openCheckout();
    expect(url).toBe(`${fake.url}/pay/${sessionId}`);
    const created = fake.callsTo('POST', '/v1/checkout/sessions').at(-1)!.form;
    expect(Object.fromEntries(created)).toMatchObject({
      mode: 'payment',
      client_reference_id: bookingId,
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '750',
      'payment_intent_data[application_fee_amount]': '75',
      'payment_intent_data[transfer_data][destination]': business.account,
    });
    // Coming back from Stripe's page changes nothing: only the verified event does.
    expect((await customersBooking(t, customer, bookingId)).PaymentStatus).toBe('Due');

    const before = t.mailer.messages.length;
    expect((await deliver(completed(sessionId))).statusCode).toBe(200);
    expect(await customersBooking(t, customer, bookingId)).toMatchObject({
      PaymentStatus: 'Paid',
      AmountPaidPence: 750,
    });
    expect(
      t.mailer.messages.slice(before).filter((mail) => mail.subject.startsWith('Receipt:')),
    ).toHaveLength(1);

    await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: business.id,
      bookingId,
      reason: 'The shop is flooded',
    });
    await t.app.paymentRefunds.drain();
    const refund = fake.callsTo('POST', '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(refund.form)).toEqual({
      payment_intent: fake.sessions.get(sessionId)!.payment_intent,
      amount: '750',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      'metadata[ledgerId]': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(refund.idempotencyKey).toMatch(/^refund:/);
    expect(await customersBooking(t, customer, bookingId)).toMatchObject({
      Status: 'Cancelled',
      PaymentStatus: 'Refunded',
      AmountRefundedPence: 750,
    });
  });

  it('a missing, wrong, tampered or stale signature is 400 and changes nothing', async () => {
    const { customer, bookingId, sessionId } = await openCheckout();
    const event = completed(sessionId);
    const payload = JSON.stringify(event);
    const refusals = [
      await deliver(event, { signature: null }),
      await deliver(event, { signature: fake.sign(payload, 'whsec_someone_else') }),
      await deliver(event, { signature: 't=1,v1=deadbeef' }),
      await deliver(
        { ...event, data: { object: { ...event.data.object, id: 'cs_other' } } },
        { signature: fake.sign(payload, WEBHOOK_SECRET) },
      ),
      await deliver(event, {
        signature: fake.sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600),
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'BadRequest', message: WEBHOOK_MESSAGES.badSignature });
    }
    expect((await customersBooking(t, customer, bookingId)).PaymentStatus).toBe('Due');
    const seen = await db().selectFrom('payment_events').select('id').where('id', '=', event.id).execute();
    expect(seen).toEqual([]);
  });

  it('the same event twice, and events out of order, change state once', async () => {
    const { customer, bookingId, sessionId } = await openCheckout();
    const paid = completed(sessionId);
    const before = t.mailer.messages.filter((mail) => mail.subject.startsWith('Receipt:')).length;
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    // The same payment told again under another event id, and an expiry that arrives after it.
    expect((await deliver(fake.event('checkout.session.completed', paid.data.object))).statusCode).toBe(200);
    const expired = { ...paid.data.object, status: 'expired' };
    expect((await deliver(fake.event('checkout.session.expired', expired))).statusCode).toBe(200);
    expect(await customersBooking(t, customer, bookingId)).toMatchObject({
      PaymentStatus: 'Paid',
      AmountPaidPence: 750,
    });
    expect(t.mailer.messages.filter((mail) => mail.subject.startsWith('Receipt:')).length - before).toBe(1);
    // Another platform's checkout, or an event the product does not use: 200, nothing changes.
    const other = fake.event('checkout.session.completed', { ...paid.data.object, id: 'cs_not_ours' });
    expect((await deliver(other)).statusCode).toBe(200);
    const unused = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(unused)).json()).toEqual({ received: true });
    const recorded = await db()
      .selectFrom('payment_events')
      .select('id')
      .where('id', 'in', [paid.id, unused.id])
      .execute();
    expect(recorded.map((row) => row.id)).toEqual([paid.id]);
  });

  it('Stripe out of reach while opening a checkout: a clear 503, nothing written', async () => {
    const business = await connectedShop();
    const customer = await createCustomer(t, db());
    const { bookingId } = await agreedBooking(t, business, customer);
    await fake.stop();
    try {
      const refused = await call(t, 'POST', '/api/payments/checkout', customer, { bookingId });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 'ServiceUnavailable',
        message: PAYMENT_API_MESSAGES.providerDown,
      });
    } finally {
      await fake.restart();
    }
    const rows = await db().selectFrom('payments').selectAll().where('booking_id', '=', bookingId).execute();
    expect(rows).toEqual([]);
    expect((await customersBooking(t, customer, bookingId)).PaymentStatus).toBe('Due');
  });

  it('a refund Stripe refuses is tried again until taken; one Stripe fails later is made again', async () => {
    const { business, customer, bookingId, sessionId } = await openCheckout();
    await deliver(completed(sessionId));
    fake.refuseRefunds = 1;
    await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: business.id,
      bookingId,
      reason: 'The barber is ill',
    });
    await t.app.paymentRefunds.drain();
    expect(await customersBooking(t, customer, bookingId)).toMatchObject({
      PaymentStatus: 'Paid',
      RefundRetrying: true,
      AmountRefundedPence: 0,
    });
    t.clock.advance(16_000);
    await t.app.paymentRefunds.drain();
    const taken = await customersBooking(t, customer, bookingId);
    expect(taken).toMatchObject({
      PaymentStatus: 'Refunded',
      RefundRetrying: false,
      AmountRefundedPence: 750,
    });

    // Days later Stripe says the refund failed: the money is owed again, and a new refund goes.
    const [first] = await db()
      .selectFrom('payments')
      .select(['provider_ref'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'refund')
      .where('status', '=', 'succeeded')
      .execute();
    const failed = { id: first!.provider_ref, object: 'refund', status: 'failed', amount: 750 };
    const event = fake.event('refund.updated', failed);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    // Owed again, the refund waiting to go; unless the app's own refund worker, woken by the
    // event, has already made it again (a busy machine lets it run before this read).
    const owed = await customersBooking(t, customer, bookingId);
    if (owed.PaymentStatus === 'Paid') {
      expect(owed).toMatchObject({ RefundRetrying: true, AmountRefundedPence: 0 });
    }
    await t.app.paymentRefunds.drain();
    expect(await customersBooking(t, customer, bookingId)).toMatchObject({
      PaymentStatus: 'Refunded',
      AmountRefundedPence: 750,
    });
    const refunds = await db()
      .selectFrom('payments')
      .select(['status'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'refund')
      .orderBy('created_at')
      .execute();
    expect(refunds.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('two deliveries of one payment event on two instances mark it Paid once', async () => {
    const other = await stripeApp();
    try {
      const { customer, bookingId, sessionId } = await openCheckout();
      const event = completed(sessionId);
      const receipts = () =>
        [...t.mailer.messages, ...other.mailer.messages].filter((mail) => mail.subject.startsWith('Receipt:'))
          .length;
      const before = receipts();
      const answers = await Promise.all([
        deliver(event),
        deliver(event, { app: other }),
        deliver(event),
        deliver(event, { app: other }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      await Promise.all([t.app.outbox.drain(), other.app.outbox.drain()]);
      expect(receipts() - before).toBe(1);
      expect(await customersBooking(t, customer, bookingId)).toMatchObject({
        PaymentStatus: 'Paid',
        AmountPaidPence: 750,
      });
    } finally {
      await other.close();
    }
  });

  it('a refund tried again after a lost answer finds the one it made, never a second', async () => {
    const { sessionId } = await openCheckout();
    fake.pay(sessionId);
    const provider = new StripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    const first = await provider.refund(sessionId, 750, 'ledger-refund-1');
    const again = await provider.refund(sessionId, 750, 'ledger-refund-1');
    expect(again).toBe(first);
    expect(fake.refunds.filter((refund) => refund.metadata.ledgerId === 'ledger-refund-1')).toHaveLength(1);
  });

  it('starts and serves without reaching Stripe', async () => {
    const before = fake.calls.length;
    const app = await stripeApp();
    try {
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(fake.calls.length).toBe(before);
    } finally {
      await app.close();
    }
  });
});
