import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { deferred, jsonResponse } from '@/testing/fetch-stub';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { openWizard, reachStep } from '../testing/invite-flow';

/**
 * A double tap delivers both clicks before React re-renders, so a button that only becomes
 * disabled (or loading) afterwards still sends twice. Registration and confirmation send once.
 */

const loginTokens = () => ({
  accessToken: makeAccessToken({ userType: 'Business' }),
  refreshToken: 'refresh-1',
});

describe('invite registration sends once for a double tap', () => {
  it('Complete Registration, Resend Code and Confirm Account', async () => {
    const { user, api } = await openWizard();
    const registration = deferred<Response>();
    api.on('POST', '/api/auth/register-with-invite', () => registration.promise);
    await reachStep(user, 4);

    doubleClick(screen.getByRole('button', { name: 'Complete Registration' }));
    registration.resolve(jsonResponse(201, { message: 'Registered' }));
    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
    expect(api.callsTo('POST', '/api/auth/register-with-invite')).toHaveLength(1);

    const resend = deferred<Response>();
    api.on('POST', '/api/auth/resend-code', () => resend.promise);
    doubleClick(screen.getByRole('button', { name: 'Resend Code' }));
    resend.resolve(jsonResponse(200, { message: 'Code sent' }));
    expect(await screen.findByText('Code Resent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-code')).toHaveLength(1);

    const confirmation = deferred<Response>();
    api
      .on('POST', '/api/auth/confirm-signup', () => confirmation.promise)
      .on('POST', '/api/auth/login', jsonResponse(200, loginTokens()))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('Business')))
      .on('GET', '/api/booking/getallbookings', jsonResponse(200, { bookings: [], nextCursor: null }));
    await user.click(screen.getByLabelText('Confirmation code digit 1'));
    await user.keyboard('123456');
    doubleClick(screen.getByRole('button', { name: 'Confirm Account' }));
    confirmation.resolve(jsonResponse(200, { message: 'Confirmed' }));

    expect(await screen.findByText('Account Confirmed!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/confirm-signup')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1);
  });
});
