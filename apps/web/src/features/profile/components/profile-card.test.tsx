import { MESSAGES } from '@app/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { renderProfile } from '../testing/profile-fixtures';
import { ProfilePage } from './profile-page';

type User = ReturnType<typeof renderProfile>['user'];

const field = (label: string) => screen.getByRole('textbox', { name: label });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const profileCard = () => screen.getByRole('region', { name: 'Aoife Byrne' });

async function openEditor(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  // The form's code loads on the first Edit (profile-card.tsx).
  return screen.findByRole('form', { name: 'Edit profile' });
}

/** Replaces a field's text and leaves it (the blur is what triggers the check). */
async function retype(user: User, label: string, value: string) {
  await user.clear(field(label));
  // Pasting is one change event instead of one per character: same outcome, much faster.
  if (value) await user.paste(value);
  await user.tab();
}

describe('profile card', () => {
  it('shows the initials avatar, the name and every field', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Aoife Byrne' })).toBeInTheDocument();
    const card = profileCard();
    expect(within(card).getByText('AB')).toBeInTheDocument();
    for (const text of ['Aoife', 'Byrne', '+447123456789', '1 Main Street, Belfast, BT1 1AA']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(within(card).getAllByText('aoife@example.com').length).toBeGreaterThan(0);
  });

  it('edits the address as line 1, optional line 2, city/town and postcode, split from the stored text', async () => {
    const { user } = renderProfile({ profile: { Address: '12 Castle Street, Flat 2, Belfast, BT1 1AA' } });
    await openEditor(user);
    expect(field('Address line 1')).toHaveValue('12 Castle Street');
    expect(field('Address line 2 (optional)')).toHaveValue('Flat 2');
    expect(field('City/Town')).toHaveValue('Belfast');
    expect(field('Postcode')).toHaveValue('BT1 1AA');
    expect(field('First name')).toHaveValue('Aoife');
    expect(field('Phone number')).toHaveValue('+447123456789');
  });

  it('checks each field when it is left, with the spec messages, and disables Save while any shows', async () => {
    const { user, api } = renderProfile();
    await openEditor(user);

    await retype(user, 'First name', '');
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // A shown message follows the typing.
    await user.type(field('First name'), 'A');
    expect(screen.getByText('First name must be at least 2 characters')).toBeInTheDocument();
    await user.type(field('First name'), '1');
    expect(screen.getByText('First name must contain only letters')).toBeInTheDocument();
    await retype(user, 'First name', 'Aoibhinn');
    expect(field('First name')).not.toHaveAccessibleDescription();
    expect(field('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeEnabled();
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it.each<[string, string, string]>([
    ['Last name', '', 'Last name is required'],
    ['Last name', 'B', 'Last name must be at least 2 characters'],
    ['Last name', 'O--Neill', 'Last name must contain only letters'],
    ['Email', '', 'Email is required'],
    ['Email', 'aoife@', 'Please enter a valid email address'],
    ['Phone number', '', 'Phone number is required'],
    [
      'Phone number',
      '7123456789',
      'Phone must be in format +countrycode followed by 7-15 digits (e.g., +447123456789)',
    ],
    ['Address line 1', '', 'Address line 1 is required'],
    ['Address line 1', 'Shit Road', 'Address line 1 contains inappropriate content'],
    ['Address line 2 (optional)', 'Shit Lane', 'Address line 2 contains inappropriate content'],
    ['City/Town', '', 'City/Town is required'],
    ['Postcode', '', 'Postcode is required'],
    ['Postcode', 'SW1A 1AA', 'Must be a valid Northern Irish postcode (e.g., BT1 1AA)'],
  ])('shows %s %j as %j when left, and disables Save', async (label, value, message) => {
    const { user } = renderProfile();
    await openEditor(user);
    expect(saveButton()).toBeEnabled();
    await retype(user, label, value);
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(saveButton()).toBeDisabled();
  });

  it("accepts real people's names and phones as typed, and sends the phone without spaces (api-contract §8.1)", async () => {
    const api = stubFetch().on('PUT', '/api/user/update', ({ body }) =>
      jsonResponse(200, userDetails('User', { ...(body as Record<string, unknown>), PendingEmail: null })),
    );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await retype(user, 'First name', 'Mary Ann');
    await retype(user, 'Last name', "O'Neill");
    await retype(user, 'Phone number', '+44 7123 456789');
    for (const label of ['First name', 'Last name', 'Phone number']) {
      expect(field(label)).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/update')[0]!.body).toMatchObject({
      FirstName: 'Mary Ann',
      LastName: "O'Neill",
      PhoneNumber: '+447123456789',
    });
  });

  it('takes a UK number typed with its leading 0 and sends it as +44', async () => {
    const api = stubFetch().on('PUT', '/api/user/update', ({ body }) =>
      jsonResponse(200, userDetails('User', { ...(body as Record<string, unknown>), PendingEmail: null })),
    );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await retype(user, 'Phone number', '07123 456789');
    expect(field('Phone number')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/update')[0]!.body).toMatchObject({ PhoneNumber: '+447123456789' });
  });

  it('checks every field on Save, including ones never visited', async () => {
    const { user, api } = renderProfile({ profile: { Address: 'Somewhere' } });
    await openEditor(user);
    expect(field('Address line 1')).toHaveValue('Somewhere');
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    expect(field('City/Town')).toHaveAccessibleDescription(MESSAGES.cityTownRequired);
    expect(field('Postcode')).toHaveAccessibleDescription(MESSAGES.postcodeRequired);
    expect(saveButton()).toBeDisabled();
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('saves the profile with the address joined by commas and the postcode tidied', async () => {
    const api = stubFetch().on('PUT', '/api/user/update', ({ body }) =>
      jsonResponse(200, userDetails('User', { ...(body as Record<string, unknown>), PendingEmail: null })),
    );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await retype(user, 'Address line 1', '12 Castle Street');
    await retype(user, 'Address line 2 (optional)', 'Flat 2');
    await retype(user, 'City/Town', 'Lisburn');
    await retype(user, 'Postcode', 'bt281aa');
    await retype(user, 'Phone number', '+353871234567');
    await user.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/update')[0]!.body).toEqual({
      FirstName: 'Aoife',
      LastName: 'Byrne',
      Email: 'aoife@example.com',
      PhoneNumber: '+353871234567',
      Address: '12 Castle Street, Flat 2, Lisburn, BT28 1AA',
    });
    expect(
      await within(profileCard()).findByText('12 Castle Street, Flat 2, Lisburn, BT28 1AA'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
  });

  it('leaves out an empty line 2 when joining the address', async () => {
    const api = stubFetch().on('PUT', '/api/user/update', ({ body }) =>
      jsonResponse(200, userDetails('User', body as Record<string, unknown>)),
    );
    const { user } = renderProfile({ api, profile: { Address: '1 Main Street, Flat 9, Belfast, BT1 1AA' } });
    await openEditor(user);
    await retype(user, 'Address line 2 (optional)', '');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/update')[0]!.body).toMatchObject({
      Address: '1 Main Street, Belfast, BT1 1AA',
    });
  });

  it('Cancel drops the changes', async () => {
    const { user, api } = renderProfile();
    await openEditor(user);
    await retype(user, 'First name', 'Siobhan');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(profileCard()).getByText('Aoife')).toBeInTheDocument();
    await openEditor(user);
    expect(field('First name')).toHaveValue('Aoife');
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it('asks for the emailed code after an email change, then applies it', async () => {
    const api = stubFetch()
      .on(
        'PUT',
        '/api/user/update',
        jsonResponse(200, userDetails('User', { PendingEmail: 'new@example.com' })),
      )
      .on(
        'POST',
        '/api/user/verify-email',
        jsonResponse(200, userDetails('User', { Email: 'new@example.com' })),
      );
    // First load, then the state after the update, then the state after verification.
    api
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on(
        'GET',
        '/api/user/userdetails',
        jsonResponse(200, userDetails('User', { Email: 'new@example.com' })),
      );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await retype(user, 'Email', 'new@example.com');
    await user.click(saveButton());

    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    expect(screen.getByText('new@example.com')).toBeInTheDocument();

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(code).toHaveAccessibleDescription(MESSAGES.checkConfirmationCode);
    expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(0);

    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/verify-email')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/verify-email')[0]!.body).toEqual({ code: '123456' });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument(),
    );
    expect(within(profileCard()).getAllByText('new@example.com').length).toBeGreaterThan(0);
  });

  it('shows a wrong code as the server says it', async () => {
    const api = stubFetch().on(
      'POST',
      '/api/user/verify-email',
      apiErrorResponse(400, 'CodeMismatch', 'Invalid verification code provided, please try again.'),
    );
    const { user } = renderProfile({ api, profile: { PendingEmail: 'new@example.com' } });
    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(
      await screen.findByText('Invalid verification code provided, please try again.'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to update profile' with the server's field messages on the fields", async () => {
    const api = stubFetch().on(
      'PUT',
      '/api/user/update',
      apiErrorResponse(400, 'ValidationError', 'City/Town contains inappropriate content', {
        Address: 'City/Town contains inappropriate content',
        PhoneNumber: 'Phone number is required',
      }),
    );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.failedToUpdateProfile);
    expect(field('City/Town')).toHaveAccessibleDescription('City/Town contains inappropriate content');
    expect(field('Phone number')).toHaveAccessibleDescription('Phone number is required');
    expect(saveButton()).toBeDisabled();
  });

  it("shows 'Failed to update profile' with the server message when saving fails", async () => {
    const api = stubFetch().on(
      'PUT',
      '/api/user/update',
      apiErrorResponse(409, 'EmailTaken', 'An account with this email already exists.'),
    );
    const { user } = renderProfile({ api });
    await openEditor(user);
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.failedToUpdateProfile);
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it("shows 'Failed to load your address information' with a retry when the profile comes without one", async () => {
    const withoutAddress = userDetails('User');
    delete (withoutAddress as Record<string, unknown>).Address;
    const api = stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, withoutAddress));
    const { user } = renderProfile({ api });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.failedToLoadAddress);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('1 Main Street, Belfast, BT1 1AA')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToLoadAddress)).not.toBeInTheDocument();
  });

  it('says when a customer has no address yet', async () => {
    renderProfile({ profile: { Address: null } });
    expect(await screen.findByText('No address yet. Add one to book home visits.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToLoadAddress)).not.toBeInTheDocument();
  });
});

describe('profile page', () => {
  it("shows 'Failed to load profile data. Please try again.' with a retry when the profile cannot load", async () => {
    saveSession({ accessToken: makeAccessToken(), refreshToken: 'r' }, { rememberMe: false });
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', apiErrorResponse(500, 'InternalError', 'Boom'))
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/userbookings', jsonResponse(200, { requests: [], bookings: [] }));
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    const user = userEvent.setup();
    // Rendered without the route guard, which would send a failed profile lookup elsewhere.
    render(
      <AppProvider queryClient={queryClient} env="test">
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </AppProvider>,
    );

    expect(await screen.findByText(MESSAGES.failedToLoadProfile)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Aoife Byrne' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/userdetails').length).toBeGreaterThanOrEqual(2);
  });

  it('sends a Business account that opens /profile to /admin', async () => {
    const { api, router } = renderProfile({ userType: 'Business' });
    expect(await screen.findByRole('heading', { name: 'Business Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(api.callsTo('GET', '/api/booking/userbookings')).toHaveLength(0);
  });

  it("has the tabs 'Profile & Bookings' and 'Settings'", async () => {
    const { user } = renderProfile();
    expect(
      await screen.findByRole('tab', { name: 'Profile & Bookings', selected: true }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument();
  });
});
