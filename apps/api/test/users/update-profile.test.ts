import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer, createConfirmedUser, login, PASSWORD, uniqueEmail } from '../helpers/factories';
import { type Actor, call, createBusiness, createCustomer, withFreshToken } from '../helpers/marketplace';

const update = (actor: Actor, overrides: Record<string, unknown> = {}) => ({
  FirstName: 'Grace',
  LastName: 'Hopper',
  Email: actor.email,
  PhoneNumber: '+447700900123',
  Address: '10 Lisburn Road, Flat 2, Belfast, bt9 6aa',
  ...overrides,
});

describeEachDatabase('PUT /api/user/update and POST /api/user/verify-email', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const put = (actor: Actor, body: unknown) => call(t, 'PUT', '/api/user/update', actor, body);
  const verify = (actor: Actor, code: string) => call(t, 'POST', '/api/user/verify-email', actor, { code });

  it('saves names, phone and the joined address, and returns the profile', async () => {
    const customer = await createCustomer(t, db());
    const response = await put(customer, update(customer, { FirstName: ' Grace ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: customer.id,
      FirstName: 'Grace',
      LastName: 'Hopper',
      Email: customer.email,
      PhoneNumber: '+447700900123',
      Address: '10 Lisburn Road, Flat 2, Belfast, BT9 6AA',
      Birthdate: '1990-05-01',
      UserType: 'User',
      PendingEmail: null,
    });
    expect((await call(t, 'GET', '/api/user/userdetails', customer)).json()).toEqual(response.json());
    expect(t.mailer.to(customer.email)).toEqual([]);
  });

  it('stores the phone without spaces, dashes or brackets, a UK 07… number as +447… (api-contract §8.1)', async () => {
    const customer = await createCustomer(t, db());
    for (const [typed, stored] of [
      ['07123 456789', '+447123456789'],
      ['+44 7123 456789', '+447123456789'],
      ['+44 (0)28 9012-3456', '+442890123456'],
      ['+353 87 123 4567', '+353871234567'],
    ]) {
      const response = await put(customer, update(customer, { PhoneNumber: typed }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().PhoneNumber).toBe(stored);
      const row = await db()
        .selectFrom('users')
        .select('phone_number')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(row.phone_number).toBe(stored);
      expect((await call(t, 'GET', '/api/user/userdetails', customer)).json().PhoneNumber).toBe(stored);
    }
  });

  it("accepts real people's names: O'Neill, Mary Ann, Ann-Marie, Murphy-Byrne, Ciarán (api-contract §8.1)", async () => {
    const customer = await createCustomer(t, db());
    for (const [FirstName, LastName] of [
      ['Mary Ann', "O'Neill"],
      ['Ann-Marie', 'Murphy-Byrne'],
      ['Ciarán', 'O’Neill'],
    ]) {
      const response = await put(customer, update(customer, { FirstName, LastName }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ FirstName, LastName });
    }
  });

  it('accepts a real street the word list flags, still refusing profanity (api-contract §8.1)', async () => {
    const customer = await createCustomer(t, db());
    const saved = await put(
      customer,
      update(customer, { Address: '4 Butt Lane, Cock Lane, Belfast, BT1 1AA' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Address).toBe('4 Butt Lane, Cock Lane, Belfast, BT1 1AA');
    const refused = await put(customer, update(customer, { Address: '4 Shit Lane, Belfast, BT1 1AA' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Address line 1 contains inappropriate content');
  });

  it('ignores the address of a business and does not need one', async () => {
    const business = await createBusiness(t, db(), { address: '2 High Street, Belfast, BT1 2AB' });
    const withAddress = await put(business, update(business));
    expect(withAddress.statusCode, withAddress.body).toBe(200);
    expect(withAddress.json()).toMatchObject({
      FirstName: 'Grace',
      Address: '2 High Street, Belfast, BT1 2AB',
      UserType: 'Business',
    });
    const { Address: _, ...withoutAddress } = update(business, { FirstName: 'Bob' });
    const response = await put(business, withoutAddress);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      FirstName: 'Bob',
      BusinessName: expect.any(String),
      minimumPrice: 20,
    });
  });

  it.each([
    ['FirstName', { FirstName: '' }, MESSAGES.firstNameRequired],
    ['FirstName', { FirstName: 'A' }, MESSAGES.firstNameMin],
    ['FirstName', { FirstName: 'Ada1' }, MESSAGES.firstNameLetters],
    ['LastName', { LastName: 'x' }, MESSAGES.lastNameMin],
    ['Email', { Email: 'nope' }, MESSAGES.validEmailAddress],
    ['Email', { Email: '' }, MESSAGES.emailRequired],
    ['PhoneNumber', { PhoneNumber: '7123456789' }, MESSAGES.profilePhoneFormat],
    ['PhoneNumber', { PhoneNumber: '087 123 4567' }, MESSAGES.profilePhoneFormat],
    ['PhoneNumber', { PhoneNumber: '' }, MESSAGES.phoneRequired],
    ['Address', { Address: '10 Main Street, Belfast, SW1A 1AA' }, MESSAGES.niPostcode],
    ['Address', { Address: '10 Main Street, BT1 1AA' }, MESSAGES.cityTownRequired],
    ['Address', { Address: 'x'.repeat(500) }, 'Must be at most 406 characters'],
    ['Address', { Address: undefined }, MESSAGES.profileAddressLine1Required],
    ['FirstName', { FirstName: 'A'.repeat(51) }, 'Must be at most 50 characters'],
  ])(
    'answers 400 for a bad %s with the profile form’s message, changing nothing',
    async (field, overrides, message) => {
      const customer = await createCustomer(t, db());
      const before = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', customer.id)
        .executeTakeFirst();
      const response = await put(customer, update(customer, overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { [field]: message } });
      expect(
        await db().selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirst(),
      ).toEqual(before);
    },
  );

  it('keeps a new email pending, emails a code to it, and applies it with the code', async () => {
    const account = await createConfirmedUser(t);
    const { accessToken } = await login(t, account);
    const actor: Actor = {
      id: (
        await call(t, 'GET', '/api/user/userdetails', { headers: bearer(accessToken) } as unknown as Actor)
      ).json().id,
      email: account.email,
      token: accessToken,
      headers: bearer(accessToken),
      firstName: 'Ada',
      lastName: 'Lovelace',
    };
    const newEmail = uniqueEmail('New');
    const response = await put(actor, update(actor, { Email: newEmail }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Email: account.email, PendingEmail: newEmail.toLowerCase() });
    const [mail] = t.mailer.to(newEmail);
    expect(mail?.subject).toMatch(/Confirm your new .+ email address/);
    const code = t.mailer.lastCode(newEmail);

    // Saving again with the current address keeps the pending change.
    expect((await put(actor, update(actor))).json().PendingEmail).toBe(newEmail.toLowerCase());

    const verified = await verify(actor, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ Email: newEmail.toLowerCase(), PendingEmail: null });
    expect(t.mailer.to(account.email).at(-1)?.subject).toMatch(/email address was changed/);
    // The new address signs in; the old one no longer does.
    expect((await t.post('/api/auth/login', { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: account.email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    // The code is single use.
    expect((await verify(actor, code)).statusCode).toBe(400);
  });

  it('does not tell that the new email has an account: it answers like any address, and verification answers 409', async () => {
    const customer = await createCustomer(t, db());
    const other = await createCustomer(t, db());
    const response = await put(customer, update(customer, { Email: other.email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().PendingEmail).toBe(other.email);
    // Only the owner of that mailbox gets the code, and so the 409.
    const verified = await verify(customer, t.mailer.lastCode(other.email));
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({ code: 'UsernameExists', message: AUTH_MESSAGES.emailTaken });
    const row = await db().selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirst();
    expect(row?.email).toBe(customer.email);
  });

  it('answers 409 at verification when another account took the address meanwhile', async () => {
    const customer = await createCustomer(t, db());
    const wanted = uniqueEmail('wanted');
    await put(customer, update(customer, { Email: wanted }));
    const code = t.mailer.lastCode(wanted);
    await createCustomer(t, db(), { email: wanted });
    const response = await verify(customer, code);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('UsernameExists');
    const row = await db()
      .selectFrom('users')
      .select('email')
      .where('id', '=', customer.id)
      .executeTakeFirst();
    expect(row?.email).toBe(customer.email);
  });

  it('answers 400 CodeMismatch to a wrong code, voids the code after 5 tries, and 400 ExpiredCode after 24 h', async () => {
    const customer = await createCustomer(t, db());
    const wanted = uniqueEmail('wanted');
    await put(customer, update(customer, { Email: wanted }));
    const code = t.mailer.lastCode(wanted);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(customer, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'CodeMismatch', message: AUTH_MESSAGES.codeMismatch });
    }
    expect((await verify(customer, code)).json().code).toBe('CodeMismatch');

    // A new code (asking again) works until it expires.
    await put(customer, update(customer, { Email: wanted }));
    const second = t.mailer.lastCode(wanted);
    t.clock.advance(24 * HOUR_MS + 1000);
    const expiredActor = await withFreshToken(t, db(), customer);
    const expired = await verify(expiredActor, second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 'ExpiredCode', message: AUTH_MESSAGES.codeExpired });
  });

  it('answers 400 to a code that is not 6 digits, and 400 CodeMismatch with no change pending', async () => {
    const customer = await createCustomer(t, db());
    for (const code of ['12345', 'abcdef', '', '1234567']) {
      const response = await verify(customer, code);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ValidationError');
    }
    expect((await verify(customer, '123456')).json().code).toBe('CodeMismatch');
  });
});
