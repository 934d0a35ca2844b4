import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/lib/api-client';
import { apiErrorResponse, deferred, jsonResponse } from '@/testing/fetch-stub';
import {
  clickButton,
  dayCard,
  expectToast,
  field,
  fill,
  INVITE_CODE,
  INVITED_EMAIL,
  openWizard,
  reachStep,
  STRONG_PASSWORD,
  stepHeading,
  VALID_PERSONAL,
  VALID_SHOP,
} from '../testing/invite-flow';

const PASSWORD_RULE =
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';

/** Past the 300 ms a change waits before it is judged. */
const pastDebounce = () => new Promise((resolve) => setTimeout(resolve, 500));

/** Every field message on the wizard's form (each field's error element has an id ending '-error'). */
const fieldMessages = () =>
  Array.from(screen.getByRole('form').querySelectorAll('[id$="-error"]'), (node) => node.textContent);

describe('invite wizard: layout', () => {
  it('shows the title, the invited email, a progress bar and the four step names', async () => {
    await openWizard();
    expect(screen.getByText(INVITED_EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Registration progress: step 1 of 4' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const steps = within(screen.getByRole('list', { name: 'Registration steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Personal Information',
      '2Shop Details',
      '3Business Hours',
      '4Pricing & Services',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
  });

  it('asks for the personal fields of step 1, the phone with its example placeholder', async () => {
    await openWizard();
    for (const label of Object.keys(VALID_PERSONAL)) expect(field(label)).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('placeholder', '+44 7123 456789');
    expect(screen.getByText('Password requirements')).toBeInTheDocument();
    expect(field('Password')).toHaveAccessibleDescription(/^Password requirements/);
  });

  it('keeps the invite code out of Referer headers while the page is open', async () => {
    const { unmount } = await openWizard();
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    unmount();
    expect(document.head.querySelector('meta[name="referrer"]')).toBeNull();
  });
});

describe('invite wizard: step 1 Personal Information', () => {
  it('does not advance while empty and shows every field message of spec §5', async () => {
    const { user } = await openWizard();
    await clickButton(user, 'Continue');

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeInTheDocument();
    expect(field('First name')).toHaveFocus();
  });

  it('checks a touched field 300 ms after the change, leaving untouched fields alone', async () => {
    const { user } = await openWizard();
    await user.type(field('First name'), 'Niamh2');
    expect(screen.queryByText('Only letters allowed (no spaces or special characters)')).toBeNull();
    expect(
      await screen.findByText('Only letters allowed (no spaces or special characters)'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).toBeNull();

    await user.clear(field('First name'));
    await user.type(field('First name'), 'Niamh');
    await waitFor(() =>
      expect(screen.queryByText('Only letters allowed (no spaces or special characters)')).toBeNull(),
    );
  });

  it('gives the spec messages for names, passwords, phone and birthdate', async () => {
    const { user } = await openWizard();
    await fill(user, {
      ...VALID_PERSONAL,
      'Last name': 'Kelly  Smith',
      Password: 'weakpass',
      'Confirm password': 'different',
      'Phone number': '07123',
      'Date of birth': '2099-01-01',
    });
    await clickButton(user, 'Continue');
    expect(
      await screen.findByText('Only letters allowed (no spaces or special characters)'),
    ).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number (e.g., +44 7123 456789)')).toBeInTheDocument();
    expect(screen.getByText('Date of birth cannot be in the future')).toBeInTheDocument();

    const fifteen = new Date();
    fifteen.setFullYear(fifteen.getFullYear() - 15);
    await fill(user, { 'Date of birth': fifteen.toISOString().slice(0, 10) });
    expect(await screen.findByText('Must be at least 16 years old')).toBeInTheDocument();
  });

  it('re-checks the confirmation when the password changes', async () => {
    const { user } = await openWizard();
    await fill(user, { Password: STRONG_PASSWORD, 'Confirm password': STRONG_PASSWORD });
    await fill(user, { Password: `${STRONG_PASSWORD}x` });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('has a 4-row address box capped at 200 characters, with a counter and the BT postcode hint', async () => {
    const { user } = await openWizard();
    const address = field('Address');
    expect(address.tagName).toBe('TEXTAREA');
    expect(address).toHaveAttribute('rows', '4');
    expect(address).toHaveAttribute('maxlength', '200');
    expect(screen.getAllByText('End with your BT postcode, e.g. BT4 3HW')[0]).toBeInTheDocument();
    expect(screen.getAllByText('0/200')[0]).toBeInTheDocument();
    await fill(user, { Address: '12 Main St' });
    expect(screen.getByText('10/200')).toBeInTheDocument();
  });

  it.each([
    ['1 Main', 'Address must be at least 10 characters long'],
    [`${'1 Long Road, '.repeat(15)}BT4 3HW`.slice(0, 200), 'Address must be less than 200 characters'],
    ['1 Main Street\nSome Area\nSome Town\nBelfast\nBT4 3HW', 'Address must not exceed 4 lines'],
    ['12 Main Street, Belfast', 'Address must include a Northern Irish postcode (e.g., BT4 3HW)'],
    [
      '12 Main Street, Belfast, BT43HW',
      'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
    ],
  ])('refuses the address %j with the first broken rule', async (value, message) => {
    const { user } = await openWizard();
    await fill(user, { Address: value });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('advances to Shop Details once every field is valid, and Previous keeps what was typed', async () => {
    const { user } = await openWizard();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await fill(user, VALID_PERSONAL);
    await clickButton(user, 'Continue');
    expect(await stepHeading('Shop Details')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Registration progress: step 2 of 4' }),
    ).toBeInTheDocument();

    await clickButton(user, 'Previous');
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Niamh');
    expect(field('Address')).toHaveValue(VALID_PERSONAL.Address);
  });
});

describe('invite wizard: step 2 Shop Details', () => {
  it('needs a business name and a business address with the address rules; the description is optional', async () => {
    const { user } = await openWizard();
    await reachStep(user, 2);
    expect(screen.getByText('Shown to customers when they browse businesses.')).toBeInTheDocument();
    expect(field('Business address')).toHaveAttribute('maxlength', '200');
    await clickButton(user, 'Continue');
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();

    await fill(user, { 'Business name': 'Kelly Cuts', 'Business address': '4 Castle Street, Belfast' });
    await clickButton(user, 'Continue');
    expect(
      await screen.findByText('Address must include a Northern Irish postcode (e.g., BT4 3HW)'),
    ).toBeInTheDocument();

    await fill(user, { 'Business address': '4 Castle Street, Belfast, BT1 1HB' });
    await clickButton(user, 'Continue');
    expect(await stepHeading('Business Hours')).toBeInTheDocument();
  });
});

describe('invite wizard: step 3 Business Hours', () => {
  it('shows a switched-off card per weekday and needs at least one day', async () => {
    const { user } = await openWizard();
    await reachStep(user, 3);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      const card = dayCard(day);
      expect(within(card).getByRole('switch', { name: day })).not.toBeChecked();
      expect(within(card).getByText('Enable this day to set working hours')).toBeInTheDocument();
    }
    await clickButton(user, 'Continue');
    expect(await screen.findByText('Please set at least one day of availability')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Business Hours' })).toBeInTheDocument();

    await user.click(within(dayCard('Wednesday')).getByRole('switch', { name: 'Wednesday' }));
    await waitFor(() => expect(screen.queryByText('Please set at least one day of availability')).toBeNull());
  });

  it('adds, edits and removes hours on a day, and a day switched off says how to set hours', async () => {
    const { user } = await openWizard();
    await reachStep(user, 3);
    const monday = () => dayCard('Monday');

    await user.click(within(monday()).getByRole('switch', { name: 'Monday' }));
    expect(within(monday()).getByText('09:00 – 17:00')).toBeInTheDocument();
    expect(within(monday()).queryByText('Enable this day to set working hours')).toBeNull();

    await user.click(within(monday()).getByRole('button', { name: '+ Add Hours' }));
    expect(within(monday()).getAllByText('09:00 – 17:00')).toHaveLength(2);

    const [, second] = within(monday()).getAllByRole('button', { name: 'Edit Monday 09:00 to 17:00' });
    await user.click(second!);
    const start = within(monday()).getByRole('combobox', { name: 'Start time' });
    const options = within(start)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('08:00');
    expect(options[1]).toBe('08:30');
    expect(options.at(-1)).toBe('22:00');
    expect(options).toHaveLength(29);
    await user.selectOptions(start, '18:00');
    await user.selectOptions(within(monday()).getByRole('combobox', { name: 'End time' }), '21:30');
    await user.click(within(monday()).getByRole('button', { name: 'Save' }));
    expect(within(monday()).getByText('18:00 – 21:30')).toBeInTheDocument();
    expect(within(monday()).queryByRole('combobox', { name: 'Start time' })).toBeNull();

    await user.click(within(monday()).getByRole('button', { name: 'Remove Monday 09:00 to 17:00' }));
    expect(within(monday()).queryByText('09:00 – 17:00')).toBeNull();
    expect(within(monday()).getByText('18:00 – 21:30')).toBeInTheDocument();

    await user.click(within(monday()).getByRole('switch', { name: 'Monday' }));
    expect(within(monday()).getByText('Enable this day to set working hours')).toBeInTheDocument();
    expect(within(monday()).queryByText('18:00 – 21:30')).toBeNull();
    // Issue 9: the step's message waits for its Continue (past the 300 ms a touched field waits).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Please set at least one day of availability')).toBeNull();
    await clickButton(user, 'Continue');
    expect(await screen.findByText('Please set at least one day of availability')).toBeInTheDocument();
  });

  it('lets a range end before it starts (the server decides) and moves on', async () => {
    const { user } = await openWizard();
    await reachStep(user, 3);
    const sunday = dayCard('Sunday');
    await user.click(within(sunday).getByRole('switch', { name: 'Sunday' }));
    await user.click(within(sunday).getByRole('button', { name: 'Edit Sunday 09:00 to 17:00' }));
    await user.selectOptions(within(sunday).getByRole('combobox', { name: 'Start time' }), '20:00');
    await user.click(within(sunday).getByRole('button', { name: 'Save' }));
    expect(within(sunday).getByText('20:00 – 17:00')).toBeInTheDocument();
    await clickButton(user, 'Continue');
    expect(await stepHeading('Pricing & Services')).toBeInTheDocument();
  });
});

describe('invite wizard: step 4 Pricing & Services and submit', () => {
  it('offers a minimum price of £25 by default, home visits and how pricing works', async () => {
    const { user } = await openWizard();
    await reachStep(user, 4);
    const price = screen.getByRole('textbox', { name: 'Minimum price' });
    expect(price).toHaveValue('25');
    expect(screen.getByRole('checkbox', { name: 'I offer home visits' })).not.toBeChecked();
    const info = screen.getByRole('region', { name: 'How pricing works' });
    expect(within(info).getByText(/at least your minimum/)).toBeInTheDocument();
    expect(within(info).getByText(/counter offer of up to £300, or deny it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('refuses to submit an incomplete form with the Validation Error toast', async () => {
    const { user, api } = await openWizard();
    await reachStep(user, 4);
    await user.clear(screen.getByRole('textbox', { name: 'Minimum price' }));
    await clickButton(user, 'Complete Registration');
    await expectToast('Validation Error', 'Please complete all required fields before submitting.');
    expect(await screen.findByText('Minimum price must be at least £1')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register-with-invite')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Minimum price' }), '1001');
    expect(await screen.findByText('Minimum price cannot exceed £1000')).toBeInTheDocument();
  });

  it("refuses a decimal minimum price as typed with 'Enter a whole number of pounds' (api-contract §8.1)", async () => {
    const { user, api } = await openWizard();
    await reachStep(user, 4);
    const price = screen.getByRole('textbox', { name: 'Minimum price' });
    await user.clear(price);
    await user.type(price, '7.50');
    expect(price).toHaveValue('7.50');
    await clickButton(user, 'Complete Registration');
    expect(await screen.findByText('Enter a whole number of pounds')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register-with-invite')).toHaveLength(0);
  });

  it('sends the registration payload with the password base64-encoded, then shows Confirm Your Account', async () => {
    const { user, api } = await openWizard();
    const response = deferred<Response>();
    api.on('POST', '/api/auth/register-with-invite', () => response.promise);
    await reachStep(user, 4);
    await user.clear(screen.getByRole('textbox', { name: 'Minimum price' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum price' }), '30');
    await user.click(screen.getByRole('checkbox', { name: 'I offer home visits' }));
    await clickButton(user, 'Complete Registration');

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    const [call] = api.callsTo('POST', '/api/auth/register-with-invite');
    expect(call?.headers['x-password-encoding']).toBe('base64');
    expect(call?.body).toEqual({
      inviteCode: INVITE_CODE,
      password: encodePassword(STRONG_PASSWORD),
      firstName: 'Niamh',
      lastName: 'Kelly',
      phoneNumber: '+447123456789',
      address: VALID_PERSONAL.Address,
      birthdate: '1990-05-01',
      businessName: 'Kelly Cuts',
      businessAddress: '4 Castle Street, Belfast, BT1 1HB',
      minimumPrice: 30,
      homeVisitsEnabled: true,
      availability: { Monday: [{ start: '09:00', end: '17:00' }] },
    });

    response.resolve(jsonResponse(201, { message: 'Registered' }));
    await expectToast('Registration Successful', 'Please check your email for a confirmation code.');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(INVITED_EMAIL)).toBeInTheDocument();
  });

  it('sends the business description only when it is not blank', async () => {
    const { user, api } = await openWizard();
    api.on('POST', '/api/auth/register-with-invite', jsonResponse(201, { message: 'Registered' }));
    await fill(user, VALID_PERSONAL);
    await clickButton(user, 'Continue');
    await stepHeading('Shop Details');
    await fill(user, {
      'Business name': 'Kelly Cuts',
      'Business address': '4 Castle Street, Belfast, BT1 1HB',
      'Business description (optional)': '  Fades and beard trims.  ',
    });
    await clickButton(user, 'Continue');
    await stepHeading('Business Hours');
    await user.click(within(dayCard('Friday')).getByRole('switch', { name: 'Friday' }));
    await clickButton(user, 'Continue');
    await stepHeading('Pricing & Services');
    await clickButton(user, 'Complete Registration');
    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
    expect(api.callsTo('POST', '/api/auth/register-with-invite')[0]?.body).toMatchObject({
      businessDescription: 'Fades and beard trims.',
      availability: { Friday: [{ start: '09:00', end: '17:00' }] },
      minimumPrice: 25,
      homeVisitsEnabled: false,
    });
  });

  it('shows Registration Failed with the server message and stays on the wizard', async () => {
    const { user, api } = await openWizard();
    api.on(
      'POST',
      '/api/auth/register-with-invite',
      apiErrorResponse(409, 'InviteUsed', 'This invitation link is invalid or has already been used.'),
    );
    await reachStep(user, 4);
    await clickButton(user, 'Complete Registration');
    await expectToast('Registration Failed', 'This invitation link is invalid or has already been used.');
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Confirm Your Account' })).toBeNull();
  });

  it("shows 'Failed to register' when the server gives no message", async () => {
    const { user, api } = await openWizard();
    api.on('POST', '/api/auth/register-with-invite', new Response(null, { status: 502 }));
    await reachStep(user, 4);
    await clickButton(user, 'Complete Registration');
    await expectToast('Registration Failed', 'Failed to register');
  });

  it("goes back to Business Hours with the server's message when it refuses a range", async () => {
    const { user, api } = await openWizard();
    const message = 'Invalid time slot for Monday: Start time must be before end time';
    api.on(
      'POST',
      '/api/auth/register-with-invite',
      apiErrorResponse(400, 'ValidationError', message, { 'availability.Monday': message }),
    );
    await reachStep(user, 4);
    await clickButton(user, 'Complete Registration');
    await expectToast('Registration Failed', message);
    expect(await stepHeading('Business Hours')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Business Hours' });
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
  });
});

// Issue 29, item 9: a message shown by Continue, or given by the server, must go once the field
// is filled in; none may stay on a field that is now right.
describe('invite wizard: messages go once the fields are filled', () => {
  it('clears every step 1 message after Continue once each field is filled', async () => {
    const { user } = await openWizard();
    await clickButton(user, 'Continue');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(fieldMessages()).toHaveLength(7);

    await fill(user, VALID_PERSONAL);
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });

  it('clears every step 2 message after Continue once each field is filled', async () => {
    const { user } = await openWizard();
    await reachStep(user, 2);
    await clickButton(user, 'Continue');
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(fieldMessages()).toEqual(['Business name is required', 'Address is required']);

    await fill(user, { ...VALID_SHOP, 'Business description (optional)': 'Fades and beard trims.' });
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });

  it('clears the Business Hours and minimum price messages once they are set', async () => {
    const { user } = await openWizard();
    await reachStep(user, 3);
    await clickButton(user, 'Continue');
    expect(await screen.findByText('Please set at least one day of availability')).toBeInTheDocument();
    await user.click(within(dayCard('Tuesday')).getByRole('switch', { name: 'Tuesday' }));
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);

    await clickButton(user, 'Continue');
    await stepHeading('Pricing & Services');
    const price = screen.getByRole('textbox', { name: 'Minimum price' });
    await user.clear(price);
    await clickButton(user, 'Complete Registration');
    expect(await screen.findByText('Minimum price must be at least £1')).toBeInTheDocument();
    await user.type(price, '40');
    await user.click(screen.getByRole('checkbox', { name: 'I offer home visits' }));
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });

  it("clears a server's field message once the person changes that field", async () => {
    const { user, api } = await openWizard();
    const taken = 'This phone number is already registered';
    api.on(
      'POST',
      '/api/auth/register-with-invite',
      apiErrorResponse(400, 'ValidationError', taken, { phoneNumber: taken }),
    );
    await reachStep(user, 4);
    await clickButton(user, 'Complete Registration');
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
    expect(await screen.findByText(taken)).toBeInTheDocument();

    await fill(user, { 'Phone number': '+44 7999 123456' });
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });

  it("clears a server's message on Business Hours once the hours change", async () => {
    const { user, api } = await openWizard();
    const message = 'Invalid time slot for Monday: Start time must be before end time';
    api.on(
      'POST',
      '/api/auth/register-with-invite',
      apiErrorResponse(400, 'ValidationError', message, { 'availability.Monday': message }),
    );
    await reachStep(user, 4);
    await clickButton(user, 'Complete Registration');
    expect(await stepHeading('Business Hours')).toBeInTheDocument();
    expect(await screen.findByText(message)).toBeInTheDocument();

    const monday = dayCard('Monday');
    await user.click(within(monday).getByRole('button', { name: 'Edit Monday 09:00 to 17:00' }));
    await user.selectOptions(within(monday).getByRole('combobox', { name: 'End time' }), '18:00');
    await user.click(within(monday).getByRole('button', { name: 'Save' }));
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });

  it("does not bring back a message the submit's own check had cleared along with the server's", async () => {
    const { user, api, router } = await openWizard();
    const taken = 'This phone number is already registered';
    api.on(
      'POST',
      '/api/auth/register-with-invite',
      apiErrorResponse(400, 'ValidationError', taken, { phoneNumber: taken }),
    );
    await reachStep(user, 4);
    const price = screen.getByRole('textbox', { name: 'Minimum price' });
    await user.clear(price);
    expect(await screen.findByText('Minimum price must be at least £1')).toBeInTheDocument();
    // Completed at once (within the 300 ms): the submit's check clears the price's message...
    await user.type(price, '30');
    await clickButton(user, 'Complete Registration');
    expect(await stepHeading('Personal Information')).toBeInTheDocument();
    expect(await screen.findByText(taken)).toBeInTheDocument();

    // ...and the server's answer must not bring it back on the £30 now there.
    await router.back();
    expect(await stepHeading('Pricing & Services')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Minimum price' })).toHaveValue('30');
    await pastDebounce();
    expect(fieldMessages()).toEqual([]);
  });
});
