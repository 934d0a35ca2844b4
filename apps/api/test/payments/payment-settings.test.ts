import { PAYMENT_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_API_MESSAGES } from '../../src/modules/payments/payments.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';

describeEachDatabase(
  'payments: a business connects its payout account and chooses what it asks for',
  (database) => {
    let t: TestApp;
    let production: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database().db);
      production = await createTestApp(database().db, { config: { isProduction: true } });
    });
    afterAll(async () => {
      await t.close();
      await production.close();
    });

    const db = () => database().db;
    const account = (actor: Actor, app = t) => call(app, 'GET', '/api/payments/account', actor);
    const settings = (actor: Actor, app = t) => call(app, 'GET', '/api/user/payment-settings', actor);
    const save = (actor: Actor, body: unknown, app = t) =>
      call(app, 'PUT', '/api/user/payment-settings', actor, body);
    const connect = (actor: Actor, app = t) => call(app, 'POST', '/api/payments/connect', actor);
    /** The development provider's onboarding page, as a browser opens it (no sign-in). */
    const openPage = (url: string) =>
      t.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    const activate = (url: string, back?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${new URL(url).pathname}/activate`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: back === undefined ? '' : new URLSearchParams({ return: back }).toString(),
      });

    it('starts not connected, paid at the appointment, with a 20% deposit ready', async () => {
      const business = await createBusiness(t, db());
      expect((await account(business)).json()).toEqual({ status: 'not_connected', provider: 'development' });
      expect((await settings(business)).json()).toEqual({ mode: 'none', depositPercent: 20 });
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/booking/available-times?businessId=${business.id}`,
      });
      expect(page.json().business.onlinePayment).toBeNull();
    });

    it('connects through the TEST onboarding page: pending until activated, then active; once per business', async () => {
      const business = await createBusiness(t, db());
      const first = await connect(business);
      expect(first.statusCode, first.body).toBe(200);
      const { url } = first.json();
      expect(url).toMatch(
        /^http:\/\/localhost:3000\/dev\/payments\/onboarding\/acct_test_[0-9a-f]{24}\?return=/,
      );
      expect(new URL(url).searchParams.get('return')).toBe('http://localhost:3000/admin?tab=configuration');
      expect((await account(business)).json()).toEqual({ status: 'pending', provider: 'development' });
      // A second connect (the business came back before finishing) reopens the same account.
      expect((await connect(business)).json().url).toBe(url);

      const page = await openPage(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('TEST');
      expect(page.body).toContain('Activate test account');

      const done = await activate(url, 'http://localhost:3000/admin?tab=configuration');
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:3000/admin?tab=configuration');
      expect((await account(business)).json()).toEqual({ status: 'active', provider: 'development' });
      const rows = await db()
        .selectFrom('payment_accounts')
        .selectAll()
        .where('business_id', '=', business.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('sends the TEST page back only into the app', async () => {
      const business = await createBusiness(t, db());
      const { url } = (await connect(business)).json();
      const elsewhere = await activate(url, 'https://evil.example/steal');
      expect(elsewhere.statusCode).toBe(303);
      expect(elsewhere.headers.location).toBe('http://localhost:3000/admin?tab=configuration');
      expect((await openPage(url.replace(/acct_test_[0-9a-f]+/, 'acct_test_unknown'))).statusCode).toBe(404);
    });

    it('asks for a deposit or full payment only with an active account', async () => {
      const business = await createBusiness(t, db());
      const refused = await save(business, { mode: 'deposit', depositPercent: 25 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'PaymentsNotActive', message: PAYMENT_API_MESSAGES.notActive });
      expect((await settings(business)).json()).toEqual({ mode: 'none', depositPercent: 20 });

      const { url } = (await connect(business)).json();
      expect((await save(business, { mode: 'full', depositPercent: 20 })).statusCode).toBe(409);
      await activate(url);
      const deposit = await save(business, { mode: 'deposit', depositPercent: 25 });
      expect(deposit.statusCode, deposit.body).toBe(200);
      expect(deposit.json()).toEqual({ mode: 'deposit', depositPercent: 25 });
      // The business's page says so before a request is sent.
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/booking/available-times?businessId=${business.id}`,
      });
      expect(page.json().business.onlinePayment).toEqual({ mode: 'deposit', depositPercent: 25 });
      expect((await save(business, { mode: 'full', depositPercent: 25 })).json()).toEqual({
        mode: 'full',
        depositPercent: 25,
      });
      expect((await settings(business)).json()).toEqual({ mode: 'full', depositPercent: 25 });
      // Paying at the appointment is always allowed.
      expect((await save(business, { mode: 'none', depositPercent: 25 })).json()).toEqual({
        mode: 'none',
        depositPercent: 25,
      });
    });

    it.each([
      [{ mode: 'deposit', depositPercent: 9 }, 'depositPercent', PAYMENT_MESSAGES.depositPercent],
      [{ mode: 'deposit', depositPercent: 91 }, 'depositPercent', PAYMENT_MESSAGES.depositPercent],
      [{ mode: 'deposit', depositPercent: 12.5 }, 'depositPercent', PAYMENT_MESSAGES.depositPercent],
      [{ mode: 'half', depositPercent: 20 }, 'mode', PAYMENT_MESSAGES.mode],
      [{ mode: 'none' }, 'depositPercent', PAYMENT_MESSAGES.depositPercent],
    ])('refuses %j with a message on its field, changing nothing', async (body, field, message) => {
      const business = await createBusiness(t, db());
      const response = await save(business, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toBe(message);
      expect((await settings(business)).json()).toEqual({ mode: 'none', depositPercent: 20 });
    });

    it('is the business’s own: customers are refused, strangers must sign in', async () => {
      const customer = await createCustomer(t, db());
      expect((await connect(customer)).statusCode).toBe(403);
      expect((await account(customer)).statusCode).toBe(403);
      expect((await settings(customer)).statusCode).toBe(403);
      expect((await save(customer, { mode: 'none', depositPercent: 20 })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/payments/account' })).statusCode).toBe(401);
    });

    it('in production without Stripe keys: online payment is off, paying at the appointment stays', async () => {
      const business = await createBusiness(production, db());
      expect((await account(business, production)).json()).toEqual({
        status: 'not_connected',
        provider: 'off',
      });
      const refused = await connect(business, production);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('PaymentsUnavailable');
      expect((await save(business, { mode: 'deposit', depositPercent: 20 }, production)).json().code).toBe(
        'PaymentsUnavailable',
      );
      expect((await save(business, { mode: 'none', depositPercent: 30 }, production)).statusCode).toBe(200);
      // The TEST pages do not exist there.
      const page = await production.app.inject({
        method: 'GET',
        url: '/dev/payments/onboarding/acct_test_x',
      });
      expect(page.statusCode).toBe(404);
    });
  },
);
