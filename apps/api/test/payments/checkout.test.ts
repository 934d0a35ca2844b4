import { parsePaymentWindow, paymentDueBy } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/modules/payments/payment-provider';
import { PAYMENT_API_MESSAGES } from '../../src/modules/payments/payments.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createCustomer } from '../helpers/marketplace';
import {
  agreedBooking as agreedBookingIn,
  customersBooking,
  providerPage,
  shopTaking as shopTakingIn,
} from '../helpers/payments';

describeEachDatabase(
  'payments: an agreed booking asks for a deposit, the customer pays it and gets a receipt',
  (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database().db);
    });
    afterAll(() => t.close());
    const db = () => database().db;

    const shopTaking = (mode: 'deposit' | 'full' | 'none', percent = 25, app = t) =>
      shopTakingIn(app, db(), mode, percent);
    const agreedBooking = (business: Actor, customer: Actor, app = t) =>
      agreedBookingIn(app, business, customer);
    const myBooking = (customer: Actor, bookingId: string) => customersBooking(t, customer, bookingId);
    const checkout = (customer: Actor, bookingId: string, app = t) =>
      call(app, 'POST', '/api/payments/checkout', customer, { bookingId });
    const page = (url: string, action = '') => providerPage(t, url, action);

    it('approval asks for the deposit in pence, by the deadline of §9.2; the booking says so', async () => {
      const business = await shopTaking('deposit', 25);
      const customer = await createCustomer(t, db());
      const { approved, slot } = await agreedBooking(business, customer);
      expect(approved).toMatchObject({
        PaymentStatus: 'Due',
        AmountDuePence: 750,
        AmountPaidPence: 0,
        AmountRefundedPence: 0,
        Attendance: null,
        PaymentDueBy: paymentDueBy(t.clock.now(), slot, parsePaymentWindow('24h')).toISOString(),
      });
      // The approval email says so too.
      const approval = t.mailer.messages
        .filter((m) => m.to === customer.email && /approved/i.test(m.subject))
        .at(-1);
      expect(approval?.text).toMatch(/^Pay deposit £7\.50 by \w+day, \d+ \w+ \d{4} at \d\d:\d\d$/m);
    });

    it('asks nothing online of a business paid at the appointment, or without an active account', async () => {
      const customer = await createCustomer(t, db());
      const { approved } = await agreedBooking(await shopTaking('none'), customer);
      expect(approved).toMatchObject({ PaymentStatus: 'NotRequired', AmountDuePence: 0, PaymentDueBy: null });
      const refused = await checkout(customer, approved.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'NothingDue', message: PAYMENT_API_MESSAGES.nothingDue });
    });

    it('pays through the TEST checkout: Paid once, one receipt to the customer, the business told', async () => {
      const business = await shopTaking('deposit', 25);
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const opened = await checkout(customer, bookingId);
      expect(opened.statusCode, opened.body).toBe(200);
      const { url } = opened.json();
      expect(url).toMatch(/^http:\/\/localhost:3000\/dev\/payments\/checkout\/cs_test_[0-9a-f]{24}$/);

      const shown = await page(url);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('£7.50');
      expect(shown.body).toContain('Bow Street Barbers');
      expect(shown.body).toContain('Pay (test)');
      // The return never marks it paid.
      expect((await myBooking(customer, bookingId)).PaymentStatus).toBe('Due');

      const before = t.mailer.messages.length;
      const paid = await page(url, '/pay');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`http://localhost:3000/profile?booking=${bookingId}`);
      expect(await myBooking(customer, bookingId)).toMatchObject({
        PaymentStatus: 'Paid',
        AmountPaidPence: 750,
      });
      const mails = t.mailer.messages.slice(before);
      const receipts = mails.filter(
        (mail) => mail.to === customer.email && mail.subject.startsWith('Receipt:'),
      );
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.subject).toBe('Receipt: £7.50 deposit to Bow Street Barbers');
      expect(
        mails.filter((mail) => mail.to === business.email && mail.subject.startsWith('Payment received:')),
      ).toHaveLength(1);

      // Told again (a webhook delivered twice): nothing changes, no second receipt.
      expect((await page(url, '/pay')).statusCode).toBe(303);
      expect(t.mailer.messages.length - before).toBe(mails.length);
      expect((await myBooking(customer, bookingId)).AmountPaidPence).toBe(750);
      // Nothing is due any more.
      expect((await checkout(customer, bookingId)).json().code).toBe('NothingDue');
    });

    it('of two confirmations of one checkout at once, exactly one moves the money', async () => {
      const business = await shopTaking('full');
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const { url } = (await checkout(customer, bookingId)).json();
      const before = t.mailer.messages.filter((mail) => mail.subject.startsWith('Receipt:')).length;
      await Promise.all(Array.from({ length: 6 }, () => page(url, '/pay')));
      expect(await myBooking(customer, bookingId)).toMatchObject({
        PaymentStatus: 'Paid',
        AmountPaidPence: 3000,
      });
      expect(t.mailer.messages.filter((mail) => mail.subject.startsWith('Receipt:')).length - before).toBe(1);
      const rows = await db()
        .selectFrom('payments')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .execute();
      expect(rows.map((row) => [row.kind, row.status, row.amount_pence])).toEqual([
        ['charge', 'succeeded', 3000],
      ]);
    });

    it('Cancel on the checkout ends it; the booking stays Due and a new checkout opens', async () => {
      const business = await shopTaking('deposit', 50);
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const { url } = (await checkout(customer, bookingId)).json();
      const left = await page(url, '/cancel');
      expect(left.statusCode).toBe(303);
      expect((await myBooking(customer, bookingId)).PaymentStatus).toBe('Due');
      expect((await page(url)).body).toContain('This checkout has ended.');
      const again = await checkout(customer, bookingId);
      expect(again.statusCode).toBe(200);
      expect(again.json().url).not.toBe(url);
    });

    it('the provider’s word is final: a left checkout paid after all counts; paid twice, one goes back', async () => {
      const business = await shopTaking('deposit', 25);
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const first = (await checkout(customer, bookingId)).json().url;
      const second = (await checkout(customer, bookingId)).json().url;
      await page(first, '/cancel');
      // The customer paid in the first tab after all, and in the second.
      await page(first, '/pay');
      expect(await myBooking(customer, bookingId)).toMatchObject({
        PaymentStatus: 'Paid',
        AmountPaidPence: 750,
      });
      await page(second, '/pay');
      await t.app.paymentRefunds.drain();
      expect(await myBooking(customer, bookingId)).toMatchObject({
        Status: 'Approved',
        PaymentStatus: 'Paid',
        AmountPaidPence: 1500,
        AmountRefundedPence: 750,
      });
    });

    it('is the booking’s customer’s: anyone else, its business too, gets 404', async () => {
      const business = await shopTaking('deposit');
      const customer = await createCustomer(t, db());
      const stranger = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      expect((await checkout(stranger, bookingId)).statusCode).toBe(404);
      expect((await checkout(business, bookingId)).statusCode).toBe(404);
      expect((await checkout(customer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('a customer who cancels before paying owes nothing', async () => {
      const business = await shopTaking('deposit');
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const cancelled = await call(t, 'PATCH', '/api/booking/setstatus', customer, {
        businessId: business.id,
        bookingId,
        status: 'Cancelled',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().booking).toMatchObject({
        PaymentStatus: 'NotRequired',
        AmountDuePence: 0,
        PaymentDueBy: null,
      });
    });

    it('the provider out of reach: a clear 503 and nothing written', async () => {
      const down: PaymentProvider = {
        name: 'development',
        createAccount: async () => `acct_test_${Date.now()}`,
        onboardingUrl: async (ref) => `http://localhost:3000/dev/payments/onboarding/${ref}`,
        createCheckout: async () => {
          throw new Error('connect ECONNREFUSED');
        },
        refund: async () => 're_test_never',
      };
      const offline = await createTestApp(db(), { deps: { paymentProvider: down } });
      try {
        const business = await shopTaking('deposit', 25, offline);
        const customer = await createCustomer(offline, db());
        const { bookingId } = await agreedBooking(business, customer, offline);
        const refused = await checkout(customer, bookingId, offline);
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual({
          code: 'ServiceUnavailable',
          message: PAYMENT_API_MESSAGES.providerDown,
        });
        expect(
          await db().selectFrom('payments').selectAll().where('booking_id', '=', bookingId).execute(),
        ).toEqual([]);
      } finally {
        await offline.close();
      }
    });

    it('a business cancellation gives back everything paid: Refunded once the provider takes it', async () => {
      const business = await shopTaking('deposit', 25);
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const { url } = (await checkout(customer, bookingId)).json();
      await page(url, '/pay');
      const cancelled = await call(t, 'PATCH', '/api/booking/cancel', business, {
        businessId: business.id,
        bookingId,
        reason: 'The shop is closed for a family funeral',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await t.app.paymentRefunds.drain();
      expect(await myBooking(customer, bookingId)).toMatchObject({
        Status: 'Cancelled',
        PaymentStatus: 'Refunded',
        AmountPaidPence: 750,
        AmountRefundedPence: 750,
      });
      const refunds = await db()
        .selectFrom('payments')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .where('kind', '=', 'refund')
        .execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ status: 'succeeded', amount_pence: 750 });
      expect(refunds[0]!.provider_ref).toMatch(/^re_test_/);
      // Nothing is refunded twice.
      await t.app.paymentRefunds.drain();
      expect((await myBooking(customer, bookingId)).AmountRefundedPence).toBe(750);
    });

    it('a payment that arrives after a cancellation is refunded', async () => {
      const business = await shopTaking('full');
      const customer = await createCustomer(t, db());
      const { bookingId } = await agreedBooking(business, customer);
      const { url } = (await checkout(customer, bookingId)).json();
      await call(t, 'PATCH', '/api/booking/setstatus', customer, {
        businessId: business.id,
        bookingId,
        status: 'Cancelled',
      });
      await page(url, '/pay');
      await t.app.paymentRefunds.drain();
      expect(await myBooking(customer, bookingId)).toMatchObject({
        Status: 'Cancelled',
        PaymentStatus: 'Refunded',
        AmountPaidPence: 3000,
        AmountRefundedPence: 3000,
      });
    });

    it('a refund the provider refuses is tried again, never lost, until it is taken', async () => {
      let refusals = 2;
      const refusing: PaymentProvider = {
        name: 'development',
        createAccount: async () => `acct_test_${Math.random().toString(16).slice(2)}`,
        onboardingUrl: async (ref) => `http://localhost:3000/dev/payments/onboarding/${ref}`,
        createCheckout: async () => {
          const ref = `cs_test_${Math.random().toString(16).slice(2)}`;
          return { ref, url: `http://localhost:3000/dev/payments/checkout/${ref}` };
        },
        refund: async () => {
          if (refusals > 0) {
            refusals -= 1;
            throw new Error('card_declined: the refund was refused');
          }
          return 're_test_taken';
        },
      };
      const app = await createTestApp(db(), { deps: { paymentProvider: refusing } });
      try {
        const business = await shopTaking('deposit', 40, app);
        const customer = await createCustomer(app, db());
        const { bookingId } = await agreedBooking(business, customer, app);
        const { url } = (await checkout(customer, bookingId, app)).json();
        await app.app.inject({ method: 'POST', url: `${new URL(url).pathname}/pay` });
        await call(app, 'PATCH', '/api/booking/cancel', business, {
          businessId: business.id,
          bookingId,
          reason: 'Sorry, the barber is ill today',
        });
        const state = async () =>
          (await call(app, 'GET', '/api/booking/userbookings', customer))
            .json()
            .requests.find((booking: { id: string }) => booking.id === bookingId);
        await app.app.paymentRefunds.drain();
        // Refused: still Paid, the refund waits with its reason.
        expect(await state()).toMatchObject({
          PaymentStatus: 'Paid',
          AmountRefundedPence: 0,
          RefundRetrying: true,
        });
        // The business sees that it waits (api-contract §9.2: visible until it goes).
        const businessView = (await call(app, 'GET', '/api/booking/getallbookings', business))
          .json()
          .bookings.find((booking: { id: string }) => booking.id === bookingId);
        expect(businessView).toMatchObject({ RefundRetrying: true, PaymentStatus: 'Paid' });
        const waiting = await db()
          .selectFrom('payments')
          .selectAll()
          .where('booking_id', '=', bookingId)
          .where('kind', '=', 'refund')
          .executeTakeFirstOrThrow();
        expect(waiting).toMatchObject({
          status: 'pending',
          attempts: 1,
          last_error: 'card_declined: the refund was refused',
        });
        // Not before its next try is due.
        await app.app.paymentRefunds.drain();
        expect((await state()).PaymentStatus).toBe('Paid');
        app.clock.advance(16_000);
        await app.app.paymentRefunds.drain();
        app.clock.advance(31_000);
        await app.app.paymentRefunds.drain();
        expect(await state()).toMatchObject({
          PaymentStatus: 'Refunded',
          AmountRefundedPence: 1200,
          RefundRetrying: false,
        });
      } finally {
        await app.close();
      }
    });
  },
);
