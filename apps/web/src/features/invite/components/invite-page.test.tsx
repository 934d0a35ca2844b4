import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodePassword } from '@/lib/api-client';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { apiErrorResponse, deferred, type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import {
  clickButton,
  expectToast,
  INVITE_CODE,
  INVITED_EMAIL,
  openWizard,
  reachStep,
  STRONG_PASSWORD,
  stubValidInvite,
  type User,
} from '../testing/invite-flow';

const openInvite = () => renderApp({ route: `/invite/${INVITE_CODE}` });
const invalidTitle = () => screen.findByRole('heading', { level: 1, name: 'Invalid Invitation' });

describe('invite page: checking the invitation', () => {
  it("shows 'Verifying invitation...' while the code is checked, sending the code from the link", async () => {
    const api = stubFetch();
    const response = deferred<Response>();
    api.on('POST', '/api/auth/verify-invite', () => response.promise);
    openInvite();
    expect(await screen.findByText('Verifying invitation...')).toBeInTheDocument();
    // The request leaves once the query runs, which may be a tick after the text shows.
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/auth/verify-invite')[0]?.body).toEqual({ inviteCode: INVITE_CODE }),
    );

    response.resolve(jsonResponse(200, { email: INVITED_EMAIL, valid: true, expired: false }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Your Business Registration' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verifying invitation...')).toBeNull();
  });

  it('explains an expired invitation', async () => {
    stubFetch().on(
      'POST',
      '/api/auth/verify-invite',
      jsonResponse(200, { email: INVITED_EMAIL, valid: false, expired: true }),
    );
    openInvite();
    await invalidTitle();
    expect(
      screen.getByText('This invitation has expired. Please contact an administrator for a new invitation.'),
    ).toBeInTheDocument();
  });

  it('calls a used or unknown invitation invalid', async () => {
    stubFetch().on(
      'POST',
      '/api/auth/verify-invite',
      jsonResponse(200, { email: null, valid: false, expired: false }),
    );
    openInvite();
    await invalidTitle();
    expect(screen.getByText('This invitation link is invalid or has already been used.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete Your Business Registration' })).toBeNull();
  });

  it.each([
    ['a rate limit', apiErrorResponse(429, 'TooManyRequests', 'Too many attempts. Try again later.')],
    ['a server error', new Response(null, { status: 500 })],
    ['an unexpected answer', jsonResponse(200, { ok: true })],
  ])('treats a failed check (%s) as an invalid invitation', async (_case, response) => {
    stubFetch().on('POST', '/api/auth/verify-invite', response);
    openInvite();
    await invalidTitle();
    expect(screen.getByText('This invitation link is invalid or has already been used.')).toBeInTheDocument();
  });

  it("'Go Home' goes to /", async () => {
    stubFetch().on(
      'POST',
      '/api/auth/verify-invite',
      jsonResponse(200, { email: null, valid: false, expired: false }),
    );
    const { user, router } = openInvite();
    await invalidTitle();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

/** Registers through the wizard and lands on 'Confirm Your Account'. */
async function reachConfirm(api: FetchStub = stubValidInvite()) {
  api.on('POST', '/api/auth/register-with-invite', jsonResponse(201, { message: 'Registered' }));
  const rendered = await openWizard(api);
  await reachStep(rendered.user, 4);
  await clickButton(rendered.user, 'Complete Registration');
  await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
  return rendered;
}

async function typeCode(user: User, code: string) {
  await user.click(screen.getByLabelText('Confirmation code digit 1'));
  await user.keyboard(code);
}

describe('invite page: Confirm Your Account', () => {
  it('shows the email and a 6-digit code entry, and checks the code before sending it', async () => {
    const { user, api } = await reachConfirm();
    expect(screen.getByText(INVITED_EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Confirmation code' })).toBeInTheDocument();
    for (let digit = 1; digit <= 6; digit += 1) {
      expect(screen.getByLabelText(`Confirmation code digit ${digit}`)).toBeInTheDocument();
    }

    await clickButton(user, 'Confirm Account');
    expect(await screen.findByText('Confirmation code is required')).toBeInTheDocument();

    await typeCode(user, '123');
    await clickButton(user, 'Confirm Account');
    expect(await screen.findByText('Please check your confirmation code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/confirm-signup')).toHaveLength(0);
  });

  it("shows the server's message when the code is refused, or 'Failed to confirm account'", async () => {
    const api = stubValidInvite();
    api.on(
      'POST',
      '/api/auth/confirm-signup',
      apiErrorResponse(400, 'CodeMismatch', 'Invalid verification code provided.'),
    );
    api.on('POST', '/api/auth/confirm-signup', new Response(null, { status: 503 }));
    const { user, router } = await reachConfirm(api);

    await typeCode(user, '123456');
    await clickButton(user, 'Confirm Account');
    expect(await screen.findByText('Invalid verification code provided.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/confirm-signup')[0]?.body).toEqual({
      username: INVITED_EMAIL,
      code: '123456',
    });

    await clickButton(user, 'Confirm Account');
    expect(await screen.findByText('Failed to confirm account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invite/${INVITE_CODE}`);
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('resends the code with Code Resent, or Resend Failed and the reason', async () => {
    const api = stubValidInvite();
    api.on('POST', '/api/auth/resend-code', jsonResponse(200, { message: 'Sent' }));
    api.on(
      'POST',
      '/api/auth/resend-code',
      apiErrorResponse(429, 'TooManyRequests', 'Too many attempts. Try again later.'),
    );
    api.on('POST', '/api/auth/resend-code', new Response(null, { status: 500 }));
    const { user } = await reachConfirm(api);

    await clickButton(user, 'Resend Code');
    await expectToast('Code Resent', 'Please check your email for the new confirmation code.');
    expect(api.callsTo('POST', '/api/auth/resend-code')[0]?.body).toEqual({ username: INVITED_EMAIL });

    await clickButton(user, 'Resend Code');
    await expectToast('Resend Failed', 'Too many attempts. Try again later.');

    await clickButton(user, 'Resend Code');
    await expectToast('Resend Failed', 'Failed to resend code');
  });

  it('confirms, welcomes, signs in without remember-me and opens /admin', async () => {
    const api = stubValidInvite();
    const accessToken = makeAccessToken({ userType: 'Business' });
    api.on('POST', '/api/auth/confirm-signup', jsonResponse(200, { message: 'Confirmed' }));
    api.on(
      'POST',
      '/api/auth/login',
      jsonResponse(200, { accessToken, refreshToken: 'refresh-1', expiresIn: 900, tokenType: 'Bearer' }),
    );
    api.on(
      'GET',
      '/api/user/userdetails',
      jsonResponse(200, userDetails('Business', { Email: INVITED_EMAIL })),
    );
    const { user, router } = await reachConfirm(api);

    await typeCode(user, '654321');
    await clickButton(user, 'Confirm Account');

    await expectToast('Account Confirmed!', 'Welcome to TrimTime NI, Niamh! Your business account is ready.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    const [login] = api.callsTo('POST', '/api/auth/login');
    expect(login?.body).toEqual({ email: INVITED_EMAIL, password: encodePassword(STRONG_PASSWORD) });
    expect(login?.headers['x-password-encoding']).toBe('base64');
    // Remember-me off: the tokens live in sessionStorage only (spec §4).
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({
      accessToken,
      refreshToken: 'refresh-1',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
