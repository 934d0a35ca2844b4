import {
  addDays,
  INVITE_EXPIRY_HOURS,
  invalidTimeSlotFor,
  MESSAGES,
  timeSlotsOverlapOn,
  todayInLondon,
  weekdayOf,
  yearsBefore,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { base64, bearer, login, PASSWORD, registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, inviteSnapshot, sendInvite } from '../helpers/invites';
import { type Actor, call, createCustomer, slotsOf, withFreshToken } from '../helpers/marketplace';

describeEachDatabase('POST /api/auth/register-with-invite', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const register = (body: unknown, headers: Record<string, string> = {}) =>
    t.post('/api/auth/register-with-invite', body, { headers });
  /** A fresh invite (the Admin's token is minted now: tests move the clock). */
  async function newInvite(email = uniqueEmail('shop')) {
    const code = await sendInvite(t, await withFreshToken(t, db(), admin, 'Admin'), email);
    return { email, code };
  }
  const userByEmail = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const inviteOf = (email: string) =>
    db().selectFrom('invites').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it('takes a UK phone typed with its leading 0, as sign-up does, and stores it in international form (issue 29, item 9)', async () => {
    const { email, code } = await newInvite();
    const response = await register(businessRegistration(code, { phoneNumber: '07123 456780' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(await userByEmail(email)).toMatchObject({ phone_number: '+447123456780' });
  });

  it('creates an unconfirmed, listed Business for the invited email, uses the invite and emails a code', async () => {
    const { email, code } = await newInvite();
    const body = businessRegistration(code, { password: base64(PASSWORD) });
    const response = await register(body, { 'x-password-encoding': 'base64' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.registered });

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      user_type: 'Business',
      is_confirmed: 0,
      is_listed: 1,
      first_name: 'Niamh',
      last_name: 'Kelly',
      phone_number: '+447123456789',
      address: '12 Lisburn Road\nBelfast\nBT9 6AA',
      birthdate: '1988-03-14',
      business_name: 'Kelly Cuts',
      business_address: '40 Botanic Avenue, Belfast, BT7 1JQ',
      business_description: 'Skin fades and beard trims',
      minimum_price: 30,
      home_visits_enabled: 1,
    });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.parse(user?.availability ?? 'null')).toEqual({
      Monday: [
        { start: '09:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
      Wednesday: [{ start: '10:00', end: '18:00' }],
      Saturday: [{ start: '09:00', end: '13:00' }],
    });
    expect(await inviteOf(email)).toMatchObject({ used_at: t.clock.now().toISOString(), used_by: user?.id });
    const mail = t.mailer.to(email).at(-1);
    expect(mail?.subject).toBe('Your TrimTime NI confirmation code');
    expect(t.mailer.lastCode(email)).toMatch(/^\d{6}$/);
  });

  it('after confirming, the business signs in, is listed in Available Barbers and its hours give slots', async () => {
    const { email, code } = await newInvite();
    expect(
      (await register(businessRegistration(code, { businessName: 'Aaa Invited Cuts' }))).statusCode,
    ).toBe(201);
    const account = { email, password: PASSWORD };
    // Not listed and no login before the code comes back.
    const early = await t.post('/api/auth/login', account);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'UserNotConfirmed', message: MESSAGES.userNotConfirmed });
    const listed = () => t.app.inject({ url: '/api/booking/businesses' }).then((r) => r.json().businesses);
    expect((await listed()).map((b: { id: string }) => b.id)).not.toContain((await userByEmail(email))?.id);

    const confirmed = await t.post('/api/auth/confirm-signup', {
      username: email,
      code: t.mailer.lastCode(email),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const tokens = await login(t, account);
    const details = await t.app.inject({ url: '/api/user/userdetails', headers: bearer(tokens.accessToken) });
    expect(details.json()).toMatchObject({
      Email: email,
      UserType: 'Business',
      BusinessName: 'Aaa Invited Cuts',
      minimumPrice: 30,
      homeVisitsEnabled: true,
      awayDates: [],
    });
    const id = details.json().id as string;
    expect(await listed()).toContainEqual({
      id,
      FirstName: 'Niamh',
      LastName: 'Kelly',
      BusinessName: 'Aaa Invited Cuts',
      BusinessDescription: 'Skin fades and beard trims',
      BusinessAddress: '40 Botanic Avenue, Belfast, BT7 1JQ',
      BusinessTown: 'Belfast',
      minimumPrice: 30,
      services: ['Appointment'],
      homeVisitsEnabled: true,
      homeVisitDistricts: [],
      cancellationNoticeHours: 0,
      nextAvailable: (await slotsOf(t, id))[0],
      rating: { average: null, count: 0 },
    });

    // Over four weeks every weekly hour of the registration is offered, and nothing else.
    const slots = await slotsOf(t, id);
    const hours = new Set(slots.map((slot) => `${weekdayOf(slot.slice(0, 10))} ${slot.slice(11)}`));
    expect(hours).toEqual(
      new Set([
        ...['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'].map((h) => `Monday ${h}`),
        ...['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'].map(
          (h) => `Wednesday ${h}`,
        ),
        ...['09:00', '10:00', '11:00', '12:00'].map((h) => `Saturday ${h}`),
      ]),
    );

    // A customer can book one, and the business sees it.
    const customer = await createCustomer(t, db());
    const slot = slots.find((s) => s > `${addDays(todayInLondon(t.clock.now()), 1)}`) as string;
    const booked = await call(t, 'POST', '/api/booking/book', customer, {
      businessId: id,
      bookingDateTime: slot,
      price: 30,
      isHomeVisit: false,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const all = await t.app.inject({
      url: '/api/booking/getallbookings',
      headers: bearer(tokens.accessToken),
    });
    expect(all.json().bookings.map((b: { BookingDateTime: string }) => b.BookingDateTime)).toEqual([slot]);
  });

  it('resend-code sends a new code that confirms the invited account', async () => {
    const { email, code } = await newInvite();
    expect((await register(businessRegistration(code))).statusCode).toBe(201);
    const first = t.mailer.lastCode(email);
    expect((await t.post('/api/auth/resend-code', { username: email })).statusCode).toBe(200);
    const second = t.mailer.lastCode(email);
    expect(t.mailer.to(email)).toHaveLength(3); // invite, first code, new code
    if (first !== second) {
      const stale = await t.post('/api/auth/confirm-signup', { username: email, code: first });
      expect(stale.json().code).toBe('CodeMismatch');
    }
    const confirmed = await t.post('/api/auth/confirm-signup', { username: email, code: second });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('leaves the description out when it is blank, and home visits off when not given', async () => {
    const { email, code } = await newInvite();
    const { homeVisitsEnabled: _, ...body } = businessRegistration(code, { businessDescription: '   ' });
    expect((await register(body)).statusCode).toBe(201);
    expect(await userByEmail(email)).toMatchObject({ business_description: null, home_visits_enabled: 0 });
  });

  it('answers 404 for an unknown code, 409 InviteUsed for a used one and 410 InviteExpired after 48 h, writing nothing', async () => {
    const used = await newInvite();
    expect((await register(businessRegistration(used.code))).statusCode).toBe(201);
    const expiring = await newInvite();
    t.clock.advance(INVITE_EXPIRY_HOURS * HOUR_MS);
    const cases = [
      ['x'.repeat(43), 404, { code: 'InviteNotFound', message: MESSAGES.inviteInvalidOrUsed }],
      [used.code, 409, { code: 'InviteUsed', message: MESSAGES.inviteInvalidOrUsed }],
      [expiring.code, 410, { code: 'InviteExpired', message: MESSAGES.inviteExpired }],
    ] as const;
    const before = await inviteSnapshot(db());
    const mails = t.mailer.messages.length;
    for (const [code, status, error] of cases) {
      const response = await register(businessRegistration(code));
      expect(response.statusCode, code).toBe(status);
      expect(response.json()).toEqual(error);
    }
    expect(await inviteSnapshot(db())).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
    expect(await userByEmail(expiring.email)).toBeUndefined();
  });

  it('answers 409 UsernameExists when the invited address got an account meanwhile; the invite stays unused', async () => {
    const { email, code } = await newInvite();
    const signUp = await t.post('/api/auth/register', registration({ email }));
    expect(signUp.statusCode).toBe(201);
    const before = await inviteSnapshot(db());
    const response = await register(businessRegistration(code));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'UsernameExists', message: AUTH_MESSAGES.emailTaken });
    expect(await inviteSnapshot(db())).toBe(before);
    expect(await inviteOf(email)).toMatchObject({ used_at: null, used_by: null });
    expect((await userByEmail(email))?.user_type).toBe('User');
  });

  const sixteenToday = () => yearsBefore(todayInLondon(t.clock.now()), 16);
  const BAD_INPUT: [string, (code: string) => Record<string, unknown>, string, string][] = [
    [
      'overlapping hours',
      (c) => ({ ...businessRegistration(c), availability: { Monday: ['09:00-12:00', '11:00-13:00'] } }),
      'availability.Monday',
      timeSlotsOverlapOn('Monday'),
    ],
    [
      'inverted hours',
      (c) => ({ ...businessRegistration(c), availability: { Tuesday: [{ start: '17:00', end: '09:00' }] } }),
      'availability.Tuesday',
      invalidTimeSlotFor('Tuesday'),
    ],
    [
      'a range that ends as it starts',
      (c) => ({ ...businessRegistration(c), availability: { Friday: ['09:00-09:00'] } }),
      'availability.Friday',
      invalidTimeSlotFor('Friday'),
    ],
    [
      'no hours',
      (c) => ({ ...businessRegistration(c), availability: {} }),
      'availability',
      MESSAGES.availabilityRequired,
    ],
    [
      'an empty day only',
      (c) => ({ ...businessRegistration(c), availability: { Monday: [] } }),
      'availability',
      MESSAGES.availabilityRequired,
    ],
    [
      'an unknown weekday',
      (c) => ({ ...businessRegistration(c), availability: { Funday: ['09:00-17:00'] } }),
      'availability',
      'Unknown weekday: Funday',
    ],
    [
      'a malformed range',
      (c) => ({ ...businessRegistration(c), availability: { Monday: ['9-5'] } }),
      'availability',
      'Invalid time slot for Monday: Times must be in the format HH:MM',
    ],
    [
      'minimum price 0',
      (c) => ({ ...businessRegistration(c), minimumPrice: 0 }),
      'minimumPrice',
      MESSAGES.minimumPriceMin,
    ],
    [
      'minimum price 1001',
      (c) => ({ ...businessRegistration(c), minimumPrice: 1001 }),
      'minimumPrice',
      MESSAGES.minimumPriceMax,
    ],
    [
      'minimum price 1.5',
      (c) => ({ ...businessRegistration(c), minimumPrice: 1.5 }),
      'minimumPrice',
      MESSAGES.wholePounds,
    ],
    [
      'minimum price "7.50"',
      (c) => ({ ...businessRegistration(c), minimumPrice: '7.50' }),
      'minimumPrice',
      MESSAGES.wholePounds,
    ],
    [
      'minimum price "abc"',
      (c) => ({ ...businessRegistration(c), minimumPrice: 'abc' }),
      'minimumPrice',
      // Text that is no amount says so (issue 29, item 8).
      MESSAGES.wholePounds,
    ],
    [
      'minimum price -5',
      (c) => ({ ...businessRegistration(c), minimumPrice: -5 }),
      'minimumPrice',
      MESSAGES.minimumPriceMin,
    ],
    [
      'a short address',
      (c) => ({ ...businessRegistration(c), address: 'BT1 1AA' }),
      'address',
      MESSAGES.addressMinLength,
    ],
    [
      'an address of 200 characters',
      (c) => ({ ...businessRegistration(c), address: `${'1 Long Road, '.repeat(15)}Belfast, BT1 1AA` }),
      'address',
      MESSAGES.addressMaxLength,
    ],
    [
      'an address of 5 lines',
      (c) => ({ ...businessRegistration(c), address: '1 Road\nArea\nTown\nCounty\nBT1 1AA' }),
      'address',
      MESSAGES.addressMaxLines,
    ],
    [
      'an address without a postcode',
      (c) => ({ ...businessRegistration(c), address: '1 Main Street, Belfast' }),
      'address',
      MESSAGES.addressNeedsPostcode,
    ],
    [
      'an address with a GB postcode',
      (c) => ({ ...businessRegistration(c), address: '10 Downing Street, London, SW1A 2AA' }),
      'address',
      MESSAGES.addressNeedsPostcode,
    ],
    [
      'an address with a malformed BT postcode',
      (c) => ({ ...businessRegistration(c), address: '1 Main Street, Belfast, BT43HW' }),
      'address',
      MESSAGES.addressPostcodeFormat,
    ],
    [
      'a business address without a postcode',
      (c) => ({ ...businessRegistration(c), businessAddress: '40 Botanic Avenue, Belfast' }),
      'businessAddress',
      MESSAGES.addressNeedsPostcode,
    ],
    [
      'a blank business name',
      (c) => ({ ...businessRegistration(c), businessName: '  ' }),
      'businessName',
      MESSAGES.businessNameRequired,
    ],
    [
      'a name with a digit',
      (c) => ({ ...businessRegistration(c), lastName: 'O3Neill' }),
      'lastName',
      MESSAGES.onlyLetters,
    ],
    [
      'a bad phone number',
      (c) => ({ ...businessRegistration(c), phoneNumber: '0123' }),
      'phoneNumber',
      MESSAGES.invitePhoneFormat,
    ],
    [
      'a weak password',
      (c) => ({ ...businessRegistration(c), password: 'password' }),
      'password',
      MESSAGES.passwordComposition,
    ],
    [
      'an under-16 birthdate',
      (c) => ({ ...businessRegistration(c), birthdate: addDays(sixteenToday(), 1) }),
      'birthdate',
      MESSAGES.atLeast16,
    ],
    [
      'a future birthdate',
      (c) => ({ ...businessRegistration(c), birthdate: addDays(todayInLondon(t.clock.now()), 1) }),
      'birthdate',
      MESSAGES.birthdateFuture,
    ],
    [
      'a birthdate that is no date',
      (c) => ({ ...businessRegistration(c), birthdate: '1990-02-30' }),
      'birthdate',
      MESSAGES.invalidDate,
    ],
    [
      'home visits as text',
      (c) => ({ ...businessRegistration(c), homeVisitsEnabled: 'yes' }),
      'homeVisitsEnabled',
      MESSAGES.mustBeTrueOrFalse,
    ],
    [
      'a description over 1000 characters',
      (c) => ({ ...businessRegistration(c), businessDescription: 'x'.repeat(1001) }),
      'businessDescription',
      'Must be at most 1000 characters',
    ],
  ];
  const REQUIRED: [string, string][] = [
    ['inviteCode', MESSAGES.inviteCodeRequired],
    ['password', MESSAGES.passwordComposition],
    ['firstName', MESSAGES.firstNameRequired],
    ['lastName', MESSAGES.lastNameRequired],
    ['phoneNumber', MESSAGES.phoneRequired],
    ['address', MESSAGES.addressRequired],
    ['birthdate', MESSAGES.birthdateRequired],
    ['businessName', MESSAGES.businessNameRequired],
    ['businessAddress', MESSAGES.addressRequired],
    ['minimumPrice', MESSAGES.minimumPriceMin],
    ['availability', MESSAGES.availabilityRequired],
  ];
  // A control character (not a line break or tab in the multi-line fields) in each text field.
  const CONTROL: [string, string][] = [
    ['inviteCode', MESSAGES.invalidCharacters],
    ['password', MESSAGES.passwordCharacters],
    ['firstName', MESSAGES.invalidCharacters],
    ['lastName', MESSAGES.invalidCharacters],
    ['phoneNumber', MESSAGES.invalidCharacters],
    ['address', MESSAGES.invalidCharacters],
    ['birthdate', MESSAGES.invalidCharacters],
    ['businessName', MESSAGES.invalidCharacters],
    ['businessAddress', MESSAGES.invalidCharacters],
    ['businessDescription', MESSAGES.invalidCharacters],
  ];

  it('answers 400 with the spec message for every kind of bad input, and writes, uses and sends nothing', async () => {
    const { email, code } = await newInvite();
    const cases = [
      ...BAD_INPUT,
      ...REQUIRED.map(([field, message]) => {
        const drop = (c: string): Record<string, unknown> => {
          const body: Record<string, unknown> = { ...businessRegistration(c) };
          delete body[field];
          return body;
        };
        return [`no ${field}`, drop, field, message] as const;
      }),
      ...CONTROL.flatMap(([field, message]) =>
        ['\u0000', '\u0007', '\u001b', '\u007f'].map((character) => {
          const withControl = (c: string) => {
            const body = businessRegistration(c) as unknown as Record<string, string>;
            return { ...body, [field]: `${body[field]?.slice(0, 6)}${character}${body[field]?.slice(6)}` };
          };
          return [`${JSON.stringify(character)} in ${field}`, withControl, field, message] as const;
        }),
      ),
    ];
    const before = await inviteSnapshot(db());
    const mails = t.mailer.messages.length;
    for (const [name, body, field, message] of cases) {
      const response = await register(body(code));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      const json = response.json();
      expect(json.code, name).toBe('ValidationError');
      expect(json.errors, name).toEqual({ [field]: message });
      expect(json.message, name).toBe(message);
    }
    expect(await inviteSnapshot(db())).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
    // The invite still works afterwards.
    expect((await t.post('/api/auth/verify-invite', { inviteCode: code })).json()).toEqual({
      email,
      valid: true,
      expired: false,
    });
  });

  it('answers 400 to bad base64 with the header, and to non-JSON bodies', async () => {
    const { code } = await newInvite();
    const before = await inviteSnapshot(db());
    const badBase64 = await register(businessRegistration(code, { password: 'not base64!' }), {
      'x-password-encoding': 'base64',
    });
    expect(badBase64.statusCode).toBe(400);
    expect((await register([1, 2])).statusCode).toBe(400);
    const text = await t.post('/api/auth/register-with-invite', 'inviteCode=x', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(await inviteSnapshot(db())).toBe(before);
  });
});
