import { MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
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

describe('Sent invitations (issue 29, item 18)', () => {
  const invite = (email: string, state: 'open' | 'expired' | 'used', id = `id-${email}`) => ({
    id,
    email,
    sentAt: '2026-12-01T09:00:00.000Z',
    expiresAt: '2026-12-03T09:00:00.000Z',
    state,
    usedAt: state === 'used' ? '2026-12-02T10:30:00.000Z' : null,
  });

  it('lists each invitation with where it stands; Resend and Revoke only while unused', async () => {
    const { api } = renderDashboard({ userType: 'Admin', route: '/admin?tab=invite' });
    api.on(
      'GET',
      '/api/auth/invites',
      jsonResponse(200, {
        invites: [
          invite('new@shop.test', 'open'),
          invite('late@shop.test', 'expired'),
          invite('done@shop.test', 'used'),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Sent invitations' }, FIRST_RENDER);
    const open = within(list).getByRole('listitem', { name: 'new@shop.test' });
    expect(open).toHaveTextContent('Open');
    expect(open).toHaveTextContent(/Sent Tue,? 1 Dec 2026 at \d\d:00 · Expires Thu,? 3 Dec 2026 at \d\d:00/);
    expect(
      within(open).getByRole('button', { name: 'Resend invitation to new@shop.test' }),
    ).toBeInTheDocument();
    const expired = within(list).getByRole('listitem', { name: 'late@shop.test' });
    expect(expired).toHaveTextContent(/Expired Thu,? 3 Dec 2026/);
    const used = within(list).getByRole('listitem', { name: 'done@shop.test' });
    expect(used).toHaveTextContent(/Registered Wed,? 2 Dec 2026 at \d\d:30/);
    expect(within(used).queryByRole('button')).not.toBeInTheDocument();
  });

  it('resends an expired one (a new link), and revokes an open one after a confirmation', async () => {
    const { user, api } = renderDashboard({ userType: 'Admin', route: '/admin?tab=invite' });
    api
      .on(
        'GET',
        '/api/auth/invites',
        jsonResponse(200, {
          invites: [invite('new@shop.test', 'open'), invite('late@shop.test', 'expired')],
        }),
      )
      .on(
        'GET',
        '/api/auth/invites',
        jsonResponse(200, {
          invites: [invite('late@shop.test', 'open', 'id-2'), invite('new@shop.test', 'open')],
        }),
      )
      .on(
        'POST',
        '/api/auth/invites/id-late%40shop.test/resend',
        jsonResponse(201, {
          message: 'sent',
          invite: { ...invite('late@shop.test', 'open', 'id-2'), expiresAt: '2026-12-05T09:00:00.000Z' },
        }),
      )
      .on(
        'DELETE',
        '/api/auth/invites/id-new%40shop.test',
        jsonResponse(200, { message: 'Invitation revoked.' }),
      );
    const list = await screen.findByRole('list', { name: 'Sent invitations' }, FIRST_RENDER);

    await user.click(within(list).getByRole('button', { name: 'Resend invitation to late@shop.test' }));
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    expect(
      screen.getByText(/We emailed a new link to late@shop\.test, valid until Sat,? 5 Dec 2026/),
    ).toBeInTheDocument();

    const open = within(list).getByRole('listitem', { name: 'new@shop.test' });
    await user.click(within(open).getByRole('button', { name: 'Revoke invitation to new@shop.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(api.callsTo('DELETE', '/api/auth/invites/id-new%40shop.test')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Invitation' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/auth/invites/id-new%40shop.test')).toHaveLength(1);
    // The list is read again after each change.
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/invites').length).toBeGreaterThanOrEqual(3));
  });
});
