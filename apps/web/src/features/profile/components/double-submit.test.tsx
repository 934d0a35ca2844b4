import { MESSAGES } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { userDetails } from '@/testing/tokens';
import { renderProfile } from '../testing/profile-fixtures';

/**
 * A double tap delivers both clicks before React re-renders, so a button that only becomes
 * disabled (or loading) afterwards still sends twice. Each profile action must send once.
 */

describe('profile actions send once for a double tap', () => {
  it('Save (profile)', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('PUT', '/api/user/update', () => response.promise);
    const { user } = renderProfile({ api });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    doubleClick(await screen.findByRole('button', { name: 'Save' }));
    response.resolve(jsonResponse(200, userDetails('User')));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1);
  });

  it('Verify Email', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('POST', '/api/user/verify-email', () => response.promise);
    const { user } = renderProfile({ api, profile: { PendingEmail: 'new@example.com' } });
    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');

    doubleClick(screen.getByRole('button', { name: 'Verify Email' }));
    response.resolve(jsonResponse(200, userDetails('User', { Email: 'new@example.com' })));

    expect(await screen.findByText('Email updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(1);
  });

  it('Delete My Account', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('DELETE', '/api/user/delete-account', () => response.promise);
    const { user } = renderProfile({ api });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'I Understand' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Account Deletion' });
    await user.type(within(dialog).getByRole('textbox'), 'DELETE MY ACCOUNT');

    doubleClick(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    response.resolve(jsonResponse(200, { message: 'Deleted' }));

    expect(await screen.findByText(MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/delete-account')).toHaveLength(1);
  });
});
