import { MESSAGES } from '@app/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

async function openInvite() {
  const rendered = renderDashboard({ userType: 'Admin', route: '/admin?tab=invite' });
  await screen.findByRole('heading', { name: 'Invite a Business' }, FIRST_RENDER);
  return rendered;
}

const emailInput = () => screen.getByRole('textbox', { name: 'Business email address' });
const sendButton = () => screen.getByRole('button', { name: 'Send Invitation' });

describe('Invite Business', () => {
  it('asks for an email address, then a valid one, before sending anything', async () => {
    const { user, api } = await openInvite();
    await user.click(sendButton());
    expect(screen.getByText('Please enter an email address')).toBeInTheDocument();

    await user.type(emailInput(), 'not-an-email');
    expect(screen.queryByText('Please enter an email address')).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(screen.getByText(MESSAGES.validEmailAddress)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/send-business-invite')).toHaveLength(0);
  });

  it("sends the invitation: 'Invitation Sent' with the address and the expiry", async () => {
    const { user, api } = await openInvite();
    api.on(
      'POST',
      '/api/auth/send-business-invite',
      jsonResponse(201, { message: 'Invitation sent', expiresAt: '2026-12-03T10:00:00.000Z' }),
    );
    await user.type(emailInput(), 'Owner@NewShop.test');
    await user.click(sendButton());

    expect(await screen.findByText(MESSAGES.invitationSent)).toBeInTheDocument();
    expect(
      screen.getByText(/We emailed an invitation to owner@newshop\.test\. The link works once, until/),
    ).toHaveTextContent(/3 Dec 2026/);
    expect(api.callsTo('POST', '/api/auth/send-business-invite')[0]!.body).toEqual({
      email: 'owner@newshop.test',
    });
    await waitFor(() => expect(emailInput()).toHaveValue(''));
  });

  it("says 'Invitation Failed' with the server's message, or 'Failed to invite'", async () => {
    const { user, api } = await openInvite();
    api
      .on(
        'POST',
        '/api/auth/send-business-invite',
        apiErrorResponse(409, 'UsernameExists', 'An account with this email already exists.'),
      )
      .on('POST', '/api/auth/send-business-invite', () => Promise.reject(new TypeError('Failed to fetch')));

    await user.type(emailInput(), 'taken@example.com');
    await user.click(sendButton());
    expect(await screen.findByText(MESSAGES.invitationFailed)).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists.')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('taken@example.com');

    await user.click(sendButton());
    expect(await screen.findByText('Failed to invite')).toBeInTheDocument();
  });
});
