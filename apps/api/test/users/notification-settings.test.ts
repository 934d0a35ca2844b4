import { MESSAGES, type NotificationSettings } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createConfirmedUser, login, registration } from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  slotsOf,
} from '../helpers/marketplace';

const DEFAULTS: NotificationSettings = {
  bookingUpdates: true,
  reminders: true,
  messages: true,
  marketing: false,
};

describeEachDatabase('GET and PUT /api/user/notification-settings', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const URL = '/api/user/notification-settings';
  const read = (actor: Actor | null) => call(t, 'GET', URL, actor);
  const save = (actor: Actor | null, body: unknown) => call(t, 'PUT', URL, actor, body);
  /** A signed-in caller from a login (as a person who signed up through the API would be). */
  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } }) as Actor;

  it('starts with booking updates, reminders and messages on, and marketing as consented at sign-up', async () => {
    const consented = await createConfirmedUser(t, { marketingConsent: true });
    const declined = await createConfirmedUser(t, { marketingConsent: false });
    const silent = await createConfirmedUser(t);

    for (const [account, marketing] of [
      [consented, true],
      [declined, false],
      [silent, false],
    ] as const) {
      const response = await read(bearer((await login(t, account)).accessToken));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...DEFAULTS, marketing });
    }
  });

  it('refuses a sign-up whose marketingConsent is not a boolean', async () => {
    const response = await t.post('/api/auth/register', registration({ marketingConsent: 'yes' as never }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ValidationError',
      errors: { marketingConsent: MESSAGES.mustBeTrueOrFalse },
    });
  });

  it('gives a business registered with an invite the defaults', async () => {
    const admin = await createAdmin(t, db());
    const body = businessRegistration(await sendInvite(t, admin, registration().email));
    const registered = await t.post('/api/auth/register-with-invite', body);
    expect(registered.statusCode, registered.body).toBe(201);
    const user = await db()
      .selectFrom('users')
      .select(['notify_booking_updates', 'notify_reminders', 'notify_messages', 'notify_marketing'])
      .where('user_type', '=', 'Business')
      .where('business_name', '=', 'Kelly Cuts')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      notify_booking_updates: 1,
      notify_reminders: 1,
      notify_messages: 1,
      notify_marketing: 0,
    });
  });

  it('saves all four settings and reads them back, for every user type', async () => {
    const actors = [await createCustomer(t, db()), await createBusiness(t, db()), await createAdmin(t, db())];
    for (const actor of actors) {
      const settings = { bookingUpdates: false, reminders: true, messages: false, marketing: true };
      const saved = await save(actor, settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(settings);
      expect((await read(actor)).json()).toEqual(settings);

      const back = await save(actor, DEFAULTS);
      expect(back.json()).toEqual(DEFAULTS);
      expect((await read(actor)).json()).toEqual(DEFAULTS);
    }
  });

  it('refuses unknown keys, missing settings and values that are not booleans with 400, saving nothing', async () => {
    const customer = await createCustomer(t, db());
    const off = { bookingUpdates: false, reminders: false, messages: false, marketing: false };
    expect((await save(customer, off)).statusCode).toBe(200);

    const cases: [unknown, Record<string, string>][] = [
      [{ ...DEFAULTS, sms: true }, { sms: MESSAGES.notANotificationSetting }],
      [{ ...DEFAULTS, userType: 'Admin' }, { userType: MESSAGES.notANotificationSetting }],
      [{ ...DEFAULTS, reminders: 'true' }, { reminders: MESSAGES.mustBeTrueOrFalse }],
      [{ ...DEFAULTS, marketing: 1 }, { marketing: MESSAGES.mustBeTrueOrFalse }],
      [{ ...DEFAULTS, messages: null }, { messages: MESSAGES.mustBeTrueOrFalse }],
      [{ bookingUpdates: true }, { reminders: MESSAGES.mustBeTrueOrFalse }],
    ];
    for (const [body, errors] of cases) {
      const response = await save(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json();
      expect(answer.code).toBe('ValidationError');
      expect(answer.errors).toMatchObject(errors);
      expect(answer.message).toBe(Object.values(answer.errors)[0]);
    }
    for (const body of [[], [DEFAULTS]]) {
      const response = await save(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await read(customer)).json()).toEqual(off);
  });

  it('answers 401 without a token', async () => {
    for (const response of [await read(null), await save(null, DEFAULTS)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NotAuthorized');
    }
  });

  it('sends no booking-event email to a person who turned booking updates off; codes still come', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Quiet Cuts' });
    const customer = await createCustomer(t, db(), { first_name: 'Nora', last_name: 'Quiet' });
    expect(
      (await save(customer, { bookingUpdates: false, reminders: false, messages: false, marketing: false }))
        .statusCode,
    ).toBe(200);

    const [slot] = await slotsOf(t, business.id);
    const booked = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot!));
    expect(booked.statusCode, booked.body).toBe(201);
    // The business has its settings on: its new-request email goes.
    expect(t.mailer.to(business.email).map((m) => m.subject)).toEqual([
      'New booking request from Nora Quiet',
    ]);

    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booked.json().booking.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking.Status).toBe('Approved');
    expect(t.mailer.to(customer.email)).toEqual([]);

    // A code is never held back.
    const forgot = await t.post('/api/auth/forgot-password', { username: customer.email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(t.mailer.lastCode(customer.email)).toMatch(/^\d{6}$/);
  });

  it('reads the setting when the email is sent: turned back on, the next change is emailed', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Loud Cuts' });
    const customer = await createCustomer(t, db());
    await save(business, { ...DEFAULTS, bookingUpdates: false });
    const [first, second] = await slotsOf(t, business.id);
    await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, first!));
    expect(t.mailer.to(business.email)).toEqual([]);

    await save(business, DEFAULTS);
    await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, second!));
    expect(t.mailer.to(business.email)).toHaveLength(1);
  });
});
