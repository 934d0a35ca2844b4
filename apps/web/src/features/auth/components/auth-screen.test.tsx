import { MESSAGES, RESEND_NOTICE_MS } from '@app/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { encodePassword } from '@/lib/api-client';
import { getSession, SESSION_STORAGE_KEY } from '@/lib/session';
import { toast } from '@/lib/toast';
import { apiErrorResponse, deferred, type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { MARKETING_CONSENT_LABEL } from './consent-checkboxes';

type User = ReturnType<typeof renderApp>['user'];

/** A form control by its visible label (Mantine adds an aria-hidden ' *' to required labels). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
/** A password rule's item, by the text it shows after its hidden "Met: " or "Not met: ". */
const requirement = (label: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.replace(/^(Not met|Met): /, '') === label);
const title = (name: string) => screen.findByRole('heading', { level: 1, name });

const loginTokens = () => ({
  accessToken: makeAccessToken(),
  refreshToken: 'refresh-1',
  expiresIn: 900,
  tokenType: 'Bearer',
});

const VALID_SIGN_UP = {
  Email: 'sean.murphy@example.com',
  Password: 'Str0ng!Pass',
  'Confirm password': 'Str0ng!Pass',
  'First name': 'Sean',
  'Last name': 'Murphy',
  'Mobile number': '7123456789',
  'Date of birth': '1990-05-01',
  'Address line 1': '12 Castle Street',
  Town: 'Belfast',
  Postcode: 'BT1 1AA',
};

async function fillSignUp(user: User, overrides: Partial<Record<keyof typeof VALID_SIGN_UP, string>> = {}) {
  for (const [label, value] of Object.entries({ ...VALID_SIGN_UP, ...overrides })) {
    const input = field(label);
    await user.clear(input);
    if (!value) continue;
    // Pasting is one change event instead of one per character: same outcome, much faster.
    if (input.getAttribute('type') === 'date') await user.type(input, value);
    else await user.paste(value);
  }
  await user.click(
    screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy and Terms of Service' }),
  );
}

async function signIn(user: User, email = 'aoife@example.com', password = 'Str0ng!Pass') {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(field('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** Signs up successfully and lands on the confirm view. */
async function reachConfirmView(api: FetchStub) {
  api.on('POST', '/api/auth/register', jsonResponse(201, { message: 'Code sent', userConfirmed: false }));
  const rendered = renderApp({ route: '/register' });
  await title('Sign Up');
  await fillSignUp(rendered.user);
  await rendered.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  await title('Confirm');
  return rendered;
}

async function typeCode(user: User, code: string) {
  await user.click(screen.getByLabelText('Confirmation code digit 1'));
  await user.keyboard(code);
}

describe('auth screen: views', () => {
  it('opens the sign-in view at /login and the sign-up view at /register', async () => {
    renderApp({ route: '/login' });
    expect(await title('Sign In')).toBeInTheDocument();
    // One app at a time: two mounted apps double the work of every role query.
    cleanup();

    renderApp({ route: '/register' });
    expect(await title('Sign Up')).toBeInTheDocument();
  });

  it('toggles between sign in and sign up with a link', async () => {
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');

    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await title('Sign Up')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await title('Sign In')).toBeInTheDocument();
  });

  it('has remember-me, privacy and marketing consent and a forgot-password link on both forms', async () => {
    const { user } = renderApp({ route: '/login' });
    for (const view of ['Sign In', 'Sign Up']) {
      await title(view);
      expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).toBeInTheDocument();
      const privacy = screen.getByRole('checkbox', {
        name: 'I agree to the Privacy Policy and Terms of Service',
      });
      const label = privacy.closest('.mantine-Checkbox-root')!;
      expect(within(label as HTMLElement).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/privacy-policy',
      );
      expect(within(label as HTMLElement).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
        'href',
        '/terms-of-service',
      );
      expect(
        screen.getByRole('checkbox', { name: 'Send me news and offers from TrimTime NI (optional)' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
      if (view === 'Sign In') await user.click(screen.getByRole('link', { name: 'Sign up' }));
    }
  });

  it('offers the sign-up fields of spec §3, with the date of birth limited to 1900-01-01 … today − 12 years', async () => {
    renderApp({ route: '/register' });
    await title('Sign Up');
    const countryCode = screen.getByRole('combobox', { name: 'Country code' });
    expect(
      within(countryCode)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['+44', '+353']);
    const dob = field('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    expect(dob).toHaveAttribute('min', '1900-01-01');
    const twelveYearsAgo = new Date();
    twelveYearsAgo.setFullYear(twelveYearsAgo.getFullYear() - 12);
    expect(dob.getAttribute('max')?.slice(0, 4)).toBe(String(twelveYearsAgo.getFullYear()));
  });
});

describe('auth screen: validation', () => {
  it('shows the sign-in messages of spec §5', async () => {
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.invalidEmail)).toHaveTextContent('Invalid email');
    expect(screen.getByText('Required')).toBeInTheDocument();

    await user.type(field('Password'), 'short');
    expect(await screen.findByText('Minimum 8 characters')).toBeInTheDocument();
  });

  it('validates sign-up fields 300 ms after typing stops', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Invalid email')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
  });

  it('judges a field once it is changed or left, not when it is only focused (issue 29, item 10)', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await user.click(field('Password'));
    await user.paste('Str0ng!Pass');
    // Tabbing into the empty confirmation: nothing is wrong with it yet.
    await user.tab();
    expect(field('Confirm password')).toHaveFocus();
    await new Promise((done) => setTimeout(done, 400));
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
    // Leaving it empty is judged.
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('names the rule a password with an accent breaks (issue 29, item 10)', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await user.click(field('Password'));
    await user.paste('Sláinte1!');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordCharacters)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.passwordComposition)).not.toBeInTheDocument();
  });

  it('shows every sign-up message of spec §5 word for word', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await fillSignUp(user, {
      Password: 'weakpass',
      'Confirm password': 'different1',
      'First name': 'Mary  Ann',
      'Last name': 'O3',
      'Mobile number': '612345678',
      'Address line 1': '',
      Town: '',
      Postcode: '',
    });
    // Untick the consent again to see its message.
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy and Terms of Service' }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    for (const message of [
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      'Passwords must match',
      'Enter a valid UK mobile',
      'Address Line 1 is required',
      'Postcode is required',
      'Town is required',
      'You must accept the privacy policy and terms of service',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Only letters allowed (no spaces or special characters)')).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+353');
    expect(await screen.findByText('Enter a valid IE mobile')).toBeInTheDocument();

    await user.type(field('Postcode'), 'NOPE');
    expect(await screen.findByText('Please enter a valid UK postcode')).toBeInTheDocument();
  });

  it('checks the date of birth: not in the future and over 12', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    const dob = field('Date of birth');

    await user.type(dob, '2999-01-01');
    expect(await screen.findByText('Future date?')).toBeInTheDocument();

    await user.clear(dob);
    await user.type(dob, `${new Date().getFullYear() - 5}-01-01`);
    expect(await screen.findByText('Must be over 12 years old')).toBeInTheDocument();
  });

  it('describes the password field by its checklist, and by its error once there is one', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    expect(field('Password')).toHaveAccessibleDescription(/^Password requirements.*At least 8 characters/);

    await user.type(field('Password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const composition =
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character';
    await screen.findByText(composition);
    const describedBy = field('Password').getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      composition,
      expect.stringMatching(/^Password requirements/),
    ]);
  });

  it('updates the live password checklist 1000 ms after typing stops', async () => {
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await user.type(field('Password'), 'abcD1!');
    act(() => vi.advanceTimersByTime(999));
    expect(requirement('One lowercase letter')).toHaveAttribute('data-met', 'false');
    act(() => vi.advanceTimersByTime(1));

    expect(requirement('One lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(requirement('One uppercase letter')).toHaveAttribute('data-met', 'true');
    expect(requirement('One number')).toHaveAttribute('data-met', 'true');
    expect(requirement('One special character (@$!%*?&)')).toHaveAttribute('data-met', 'true');
    expect(requirement('At least 8 characters')).toHaveAttribute('data-met', 'false');
  });

  it('keeps the special characters of a password rule on one line (a phone broke the line before the &)', async () => {
    renderApp({ route: '/register' });
    await title('Sign Up');
    const sets = screen.getAllByText('@$!%*?&');
    expect(sets).toHaveLength(2);
    for (const set of sets) expect(set).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(requirement('Only letters A–Z, numbers and @$!%*?&')).toBeDefined();
  });
});

describe('auth screen: a stale session behind the sign-in page', () => {
  it('stays on the form, with what was typed, when that session cannot be refreshed', async () => {
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', apiErrorResponse(401, 'Unauthorized', 'Token revoked'))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token revoked'));
    const { user, router } = renderApp({ route: '/login', session: {} });
    await title('Sign In');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'aoife@example.com');
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1));
    await new Promise((done) => setTimeout(done, 50));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('aoife@example.com');
  });
});

describe('auth screen: sign in', () => {
  it('stores the tokens for 30 days with remember-me and goes to /', async () => {
    const api = stubFetch()
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');

    await user.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
    await signIn(user, 'Aoife@Example.com ', 'Str0ng!Pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [login] = api.callsTo('POST', '/api/auth/login');
    expect(login!.body).toEqual({ email: 'Aoife@Example.com', password: encodePassword('Str0ng!Pass') });
    expect(login!.headers['x-password-encoding']).toBe('base64');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('refresh-1');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("ends the 'Authentication required' toast that sent the person here once they are signed in", async () => {
    stubFetch()
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');
    act(() => {
      toast.signInRequired({
        title: MESSAGES.authenticationRequired,
        message: MESSAGES.mustBeLoggedInToBook,
      });
    });
    expect(await screen.findByText(MESSAGES.mustBeLoggedInToBook)).toBeInTheDocument();

    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Well before its 5 s are up.
    await waitFor(() => expect(screen.queryByText(MESSAGES.mustBeLoggedInToBook)).not.toBeInTheDocument(), {
      timeout: 1500,
    });
  });

  it('returns to the page that asked, in place of the sign-in page: Back does not show the form again', async () => {
    stubFetch()
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    // The page before the sign-in is not the one it returns to, so Back is seen to move.
    const { user, router } = renderApp({ route: '/terms-of-service' });
    await router.navigate('/login?next=%2Fprivacy-policy');
    await title('Sign In');

    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-policy'));

    await router.back();
    expect(router.state.location.pathname).toBe('/terms-of-service');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('keeps the tokens for this tab only without remember-me', async () => {
    stubFetch()
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');

    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toContain('refresh-1');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Signing In...' while the call runs", async () => {
    const response = deferred<Response>();
    stubFetch().on('POST', '/api/auth/login', () => response.promise);
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');

    await signIn(user);

    expect(await screen.findByText('Signing In...')).toBeInTheDocument();
    response.resolve(apiErrorResponse(401, 'NotAuthorized', 'Incorrect username or password.'));
    await waitFor(() => expect(screen.queryByText('Signing In...')).not.toBeInTheDocument());
  });

  it("shows 'Login failed' with the server's message", async () => {
    stubFetch().on(
      'POST',
      '/api/auth/login',
      apiErrorResponse(401, 'NotAuthorized', 'Incorrect username or password.'),
    );
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');

    await signIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Incorrect username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });

  it('resends a code and moves to confirm when the account is not confirmed', async () => {
    const api = stubFetch()
      .on('POST', '/api/auth/login', apiErrorResponse(403, 'UserNotConfirmed', 'UserNotConfirmed'))
      .on('POST', '/api/auth/resend-code', jsonResponse(200, { message: 'Code sent' }));
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');

    await signIn(user, 'new@example.com');

    expect(await title('Confirm')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-code')[0]!.body).toEqual({ username: 'new@example.com' });
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('auth screen: sign up and confirm', () => {
  it('sends the sign-up payload of spec §3 and moves to confirm', async () => {
    const api = stubFetch();
    await reachConfirmView(api);

    const [register] = api.callsTo('POST', '/api/auth/register');
    expect(register!.headers['x-password-encoding']).toBe('base64');
    expect(register!.body).toEqual({
      email: 'sean.murphy@example.com',
      password: encodePassword('Str0ng!Pass'),
      firstName: 'Sean',
      lastName: 'Murphy',
      address: '12 Castle Street, Belfast, BT1 1AA',
      birthdate: '1990-05-01',
      phoneNumber: '+447123456789',
      userType: 'User',
      marketingConsent: false,
    });
    expect(screen.getByText('sean.murphy@example.com')).toBeInTheDocument();
  });

  it('sends the ticked marketing box as marketingConsent', async () => {
    const api = stubFetch().on(
      'POST',
      '/api/auth/register',
      jsonResponse(201, { message: 'Code sent', userConfirmed: false }),
    );
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await fillSignUp(user);
    await user.click(screen.getByRole('checkbox', { name: MARKETING_CONSENT_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await title('Confirm');
    expect(api.callsTo('POST', '/api/auth/register')[0]!.body).toMatchObject({ marketingConsent: true });
  });

  it("shows 'Signup failed' with the server's message", async () => {
    stubFetch().on(
      'POST',
      '/api/auth/register',
      apiErrorResponse(409, 'UsernameExists', 'An account with this email already exists.'),
    );
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Signup failed');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });

  it.each([
    [MESSAGES.townRequired, 'Town'],
    [MESSAGES.validUkPostcode, 'Postcode'],
    [MESSAGES.invalidCharacters, 'Address line 1'],
  ])(
    "puts the server's address error %j on the %s field, with the other field errors",
    async (message, label) => {
      stubFetch().on(
        'POST',
        '/api/auth/register',
        apiErrorResponse(400, 'ValidationError', message, {
          address: message,
          phoneNumber: MESSAGES.validUkMobile,
        }),
      );
      const { user } = renderApp({ route: '/register' });
      await title('Sign Up');
      await fillSignUp(user);
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));

      await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'));
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      for (const other of ['Address line 1', 'Town', 'Postcode'].filter((name) => name !== label)) {
        expect(field(other)).not.toHaveAttribute('aria-invalid', 'true');
      }
      expect(field('Mobile number')).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.validUkMobile),
      );
    },
  );

  it('asks for exactly 6 digits', async () => {
    const api = stubFetch();
    const { user } = await reachConfirmView(api);

    await typeCode(user, '123');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    expect(await screen.findByText('Please check your confirmation code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/confirm-signup')).toHaveLength(0);
  });

  it('confirms, signs in with the remembered password, and goes to /', async () => {
    const api = stubFetch()
      .on('POST', '/api/auth/confirm-signup', jsonResponse(200, { message: 'Confirmed' }))
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = await reachConfirmView(api);

    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/confirm-signup')[0]!.body).toEqual({
      username: 'sean.murphy@example.com',
      code: '654321',
    });
    expect(api.callsTo('POST', '/api/auth/login')[0]!.body).toEqual({
      email: 'sean.murphy@example.com',
      password: encodePassword('Str0ng!Pass'),
    });
    expect(getSession()?.refreshToken).toBe('refresh-1');
    expect(screen.queryByText(MESSAGES.verificationRequiredTitle)).not.toBeInTheDocument();
  });

  it("shows 'Confirmation failed' with the server's message", async () => {
    const api = stubFetch().on(
      'POST',
      '/api/auth/confirm-signup',
      apiErrorResponse(400, 'CodeMismatch', 'Invalid verification code provided, please try again.'),
    );
    const { user } = await reachConfirmView(api);

    await typeCode(user, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Confirmation failed');
    expect(alert).toHaveTextContent('Invalid verification code provided, please try again.');
  });

  it('shows the code-resent notice for 3 seconds', async () => {
    const api = stubFetch().on('POST', '/api/auth/resend-code', jsonResponse(200, { message: 'Code sent' }));
    const { user } = await reachConfirmView(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('A new code is on its way. Please check your email.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-code')[0]!.body).toEqual({
      username: 'sean.murphy@example.com',
    });

    await act(() => vi.advanceTimersByTimeAsync(RESEND_NOTICE_MS - 1));
    expect(screen.getByText('A new code is on its way. Please check your email.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('A new code is on its way. Please check your email.')).not.toBeInTheDocument();
  });

  it('only logs a failed resend', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = stubFetch().on(
      'POST',
      '/api/auth/resend-code',
      apiErrorResponse(429, 'TooManyRequests', 'Slow down'),
    );
    const { user } = await reachConfirmView(api);

    await user.click(screen.getByRole('button', { name: 'Resend Code' }));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('A new code is on its way. Please check your email.')).not.toBeInTheDocument();
  });

  it('asks before leaving an unverified account, and stays or leaves as chosen', async () => {
    const api = stubFetch();
    const { user, router } = await reachConfirmView(api);
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Verification Required' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Account Verification Required' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');

    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Account Verification Required' })).getByRole(
        'button',
        {
          name: 'Leave Without Verifying',
        },
      ),
    );

    expect(await title('Sign In')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('warns the browser before unloading while the account is unverified', async () => {
    const api = stubFetch();
    await reachConfirmView(api);

    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
  });
});

describe('auth screen: forgot and reset', () => {
  async function reachResetView(api: FetchStub) {
    api.on('POST', '/api/auth/forgot-password', jsonResponse(200, { message: 'If the account exists…' }));
    const rendered = renderApp({ route: '/login' });
    await title('Sign In');
    await rendered.user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await title('Forgot Password');
    await rendered.user.type(screen.getByRole('textbox', { name: 'Email' }), 'aoife@example.com');
    await rendered.user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await title('Reset Password');
    return rendered;
  }

  it('sends a reset code and moves to the reset view', async () => {
    const api = stubFetch();
    await reachResetView(api);
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]!.body).toEqual({
      username: 'aoife@example.com',
    });
  });

  it("shows 'Send code failed' when the code cannot be sent", async () => {
    stubFetch().on(
      'POST',
      '/api/auth/forgot-password',
      apiErrorResponse(429, 'TooManyRequests', 'Too many attempts.'),
    );
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'aoife@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Send code failed');
  });

  it('resets the password and returns to sign in', async () => {
    const api = stubFetch().on(
      'POST',
      '/api/auth/reset-password',
      jsonResponse(200, { message: 'Password reset' }),
    );
    const { user } = await reachResetView(api);

    await user.type(screen.getByRole('textbox', { name: 'Reset code' }), '246810');
    await user.type(field('New password'), 'N3w!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await title('Sign In')).toBeInTheDocument();
    const [reset] = api.callsTo('POST', '/api/auth/reset-password');
    expect(reset!.headers['x-password-encoding']).toBe('base64');
    expect(reset!.body).toEqual({
      email: 'aoife@example.com',
      confirmationCode: '246810',
      newPassword: encodePassword('N3w!Passw0rd'),
    });
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('aoife@example.com');
  });

  it("shows 'Reset failed' with the server's message", async () => {
    const api = stubFetch().on(
      'POST',
      '/api/auth/reset-password',
      apiErrorResponse(400, 'ExpiredCode', 'Invalid code provided, please request a code again.'),
    );
    const { user } = await reachResetView(api);

    await user.type(screen.getByRole('textbox', { name: 'Reset code' }), '246810');
    await user.type(field('New password'), 'N3w!Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reset failed');
    expect(alert).toHaveTextContent('Invalid code provided, please request a code again.');
  });
});

describe('auth screen: loading texts', () => {
  /** Holds the next response of `path` until released, checking `text` is shown meanwhile. */
  const holdWhileShowing = async (
    api: FetchStub,
    path: string,
    text: string,
    response: Response,
    trigger: () => Promise<void>,
  ) => {
    const pending = deferred<Response>();
    api.on('POST', path, () => pending.promise);
    await trigger();
    expect(await screen.findByText(text)).toBeInTheDocument();
    pending.resolve(response);
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  };

  it("shows 'Creating Account...', 'Resending Code...' and 'Confirming Account...' on the sign-up path", async () => {
    const api = stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await fillSignUp(user);

    await holdWhileShowing(
      api,
      '/api/auth/register',
      'Creating Account...',
      jsonResponse(201, { message: 'ok', userConfirmed: false }),
      () => user.click(screen.getByRole('button', { name: 'Sign Up' })),
    );
    await title('Confirm');
    await holdWhileShowing(
      api,
      '/api/auth/resend-code',
      'Resending Code...',
      jsonResponse(200, { message: 'ok' }),
      () => user.click(screen.getByRole('button', { name: 'Resend Code' })),
    );
    await typeCode(user, '123456');
    api.on('POST', '/api/auth/login', jsonResponse(200, loginTokens()));
    await holdWhileShowing(
      api,
      '/api/auth/confirm-signup',
      'Confirming Account...',
      jsonResponse(200, { message: 'ok' }),
      () => user.click(screen.getByRole('button', { name: 'Confirm Account' })),
    );
  });

  it("shows 'Sending Reset Code...' and 'Resetting Password...' on the reset path", async () => {
    const api = stubFetch();
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'aoife@example.com');

    await holdWhileShowing(
      api,
      '/api/auth/forgot-password',
      'Sending Reset Code...',
      jsonResponse(200, { message: 'ok' }),
      () => user.click(screen.getByRole('button', { name: 'Send Reset Code' })),
    );
    await title('Reset Password');
    await user.type(screen.getByRole('textbox', { name: 'Reset code' }), '246810');
    await user.type(field('New password'), 'N3w!Passw0rd');
    await holdWhileShowing(
      api,
      '/api/auth/reset-password',
      'Resetting Password...',
      jsonResponse(200, { message: 'ok' }),
      () => user.click(screen.getByRole('button', { name: 'Reset Password' })),
    );
    expect(await title('Sign In')).toBeInTheDocument();
  });
});

describe('auth screen: welcome', () => {
  it('welcomes the new customer by name once the account is confirmed', async () => {
    const api = stubFetch()
      .on('POST', '/api/auth/confirm-signup', jsonResponse(200, { message: 'Confirmed' }))
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = await reachConfirmView(api);

    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(MESSAGES.accountConfirmed)).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to TrimTime NI, Sean! You can now request appointments.'),
    ).toBeInTheDocument();
  });
});

describe('auth screen: double submits', () => {
  /**
   * Submits twice in one tick, as a double tap (or a tap and Enter) does: both land before React
   * re-renders (submitted directly, since jsdom would swallow a click on the overlaid form).
   */
  const doubleClick = (name: string) => {
    const form = (screen.getByRole('button', { name }) as HTMLButtonElement).form!;
    fireEvent.submit(form);
    fireEvent.submit(form);
  };

  it('signs in once for a double tap on Sign In', async () => {
    const response = deferred<Response>();
    const api = stubFetch()
      .on('POST', '/api/auth/login', () => response.promise)
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/login' });
    await title('Sign In');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'aoife@example.com');
    await user.type(field('Password'), 'Str0ng!Pass');

    doubleClick('Sign In');
    await screen.findByText('Signing In...');
    response.resolve(jsonResponse(200, loginTokens()));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1);
  });

  it('creates one account for a double tap on Sign Up', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('POST', '/api/auth/register', () => response.promise);
    const { user } = renderApp({ route: '/register' });
    await title('Sign Up');
    await fillSignUp(user);

    doubleClick('Sign Up');
    await screen.findByText('Creating Account...');
    response.resolve(jsonResponse(201, { message: 'Code sent', userConfirmed: false }));

    expect(await title('Confirm')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(1);
  });

  it('confirms once for a double tap on Confirm Account', async () => {
    const response = deferred<Response>();
    const api = stubFetch()
      .on('POST', '/api/auth/confirm-signup', () => response.promise)
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = await reachConfirmView(api);
    await typeCode(user, '654321');

    doubleClick('Confirm Account');
    await screen.findByText('Confirming Account...');
    response.resolve(jsonResponse(200, { message: 'Confirmed' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/confirm-signup')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1);
  });

  it('sends one reset code and one reset for double taps', async () => {
    const forgot = deferred<Response>();
    const reset = deferred<Response>();
    const api = stubFetch()
      .on('POST', '/api/auth/forgot-password', () => forgot.promise)
      .on('POST', '/api/auth/reset-password', () => reset.promise);
    const { user } = renderApp({ route: '/login' });
    await title('Sign In');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await title('Forgot Password');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'aoife@example.com');

    doubleClick('Send Reset Code');
    await screen.findByText('Sending Reset Code...');
    forgot.resolve(jsonResponse(200, { message: 'If the account exists…' }));
    await title('Reset Password');
    expect(api.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Reset code' }), '246810');
    await user.type(field('New password'), 'N3w!Passw0rd');
    doubleClick('Reset Password');
    await screen.findByText('Resetting Password...');
    reset.resolve(jsonResponse(200, { message: 'Password reset' }));

    expect(await title('Sign In')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(1);
  });
});
