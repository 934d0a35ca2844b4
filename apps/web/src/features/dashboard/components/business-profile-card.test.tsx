import { MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { businessDetails, FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

type User = ReturnType<typeof renderDashboard>['user'];

const field = (label: string) => screen.getByRole('textbox', { name: label });

async function openProfile() {
  const rendered = renderDashboard({ route: '/admin?tab=profile' });
  await screen.findByRole('region', { name: 'Ciaran Kelly' }, FIRST_RENDER);
  return rendered;
}

async function retype(user: User, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.paste(value);
  await user.tab();
}

describe('business profile', () => {
  it('shows the initials avatar, the name, business name, email, phone, business address and description', async () => {
    await openProfile();
    const card = screen.getByRole('region', { name: 'Ciaran Kelly' });
    expect(within(card).getByText('CK')).toBeInTheDocument();
    expect(within(card).getByText('+447700900123')).toBeInTheDocument();
    expect(within(card).getAllByText('ciaran@fadefactory.test').length).toBeGreaterThan(0);
    const shop = screen.getByRole('region', { name: 'Shop Details' });
    expect(within(shop).getByText('Fade Factory')).toBeInTheDocument();
    expect(within(shop).getByText(/12 Castle Street/)).toHaveTextContent('12 Castle Street Belfast, BT1 1AA');
    expect(within(shop).getByText('Skin fades and beard trims.')).toBeInTheDocument();
  });

  it('edits names, email and phone (no customer address) and saves them', async () => {
    const { user, api } = await openProfile();
    api.on(
      'PUT',
      '/api/user/update',
      jsonResponse(200, businessDetails('Business', { PhoneNumber: '+447700900999' })),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    expect(within(form).queryByRole('textbox', { name: /Address/ })).not.toBeInTheDocument();

    await retype(user, 'Phone number', '+447700900999');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/update')[0]!.body).toEqual({
      FirstName: 'Ciaran',
      LastName: 'Kelly',
      Email: 'ciaran@fadefactory.test',
      PhoneNumber: '+447700900999',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument());
    expect(screen.getByText('+447700900999')).toBeInTheDocument();
  });

  it('checks each field with the profile form messages and disables Save while any shows', async () => {
    const { user, api } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await retype(user, 'First name', '');
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await retype(user, 'Phone number', '07700');
    expect(screen.getByText(MESSAGES.profilePhoneFormat)).toBeInTheDocument();
    await retype(user, 'First name', 'Ciaran');
    await retype(user, 'Phone number', '+447700900123');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(0);
  });

  it("says 'Failed to update profile' when saving fails", async () => {
    const { user, api } = await openProfile();
    api.on(
      'PUT',
      '/api/user/update',
      apiErrorResponse(409, 'UsernameExists', 'An account with this email already exists.'),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await retype(user, 'Email', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.failedToUpdateProfile);
    expect(alert).toHaveTextContent('An account with this email already exists.');
  });

  describe('shop details (PUT /user/business-profile)', () => {
    const editShop = async (user: User) => {
      await user.click(screen.getByRole('button', { name: 'Edit shop details' }));
      return within(await screen.findByRole('form', { name: 'Edit business details' }));
    };
    const shopField = (form: ReturnType<typeof within>, label: RegExp) =>
      form.getByRole('textbox', { name: label });

    it('says who sees the full address', async () => {
      await openProfile();
      const shop = screen.getByRole('region', { name: 'Shop Details' });
      expect(within(shop).getByText('Your full address')).toBeInTheDocument();
    });

    it('edits name, address, description and the full-address switch, and saves them', async () => {
      const { user, api } = await openProfile();
      api.on(
        'PUT',
        '/api/user/business-profile',
        jsonResponse(
          200,
          businessDetails('Business', {
            BusinessName: 'Fade Factory Derry',
            BusinessAddress: '4 Strand Road, Derry, BT48 7AB',
            showFullAddress: false,
          }),
        ),
      );
      const form = await editShop(user);
      expect(shopField(form, /^Business name/)).toHaveValue('Fade Factory');
      const fullAddress = form.getByRole('switch', { name: /^Show my full address/ });
      expect(fullAddress).toBeChecked();
      expect(form.getByText(/only your town and postcode, e.g. when you work from home/)).toBeInTheDocument();

      await user.clear(shopField(form, /^Business name/));
      await user.paste('Fade Factory Derry');
      await user.clear(shopField(form, /^Business address/));
      await user.paste('4 Strand Road, Derry, BT48 7AB');
      await user.click(fullAddress);
      await user.click(form.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Business details updated')).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/user/business-profile')[0]!.body).toEqual({
        BusinessName: 'Fade Factory Derry',
        BusinessAddress: '4 Strand Road, Derry, BT48 7AB',
        BusinessDescription: 'Skin fades and beard trims.',
        showFullAddress: false,
      });
      await waitFor(() =>
        expect(screen.queryByRole('form', { name: 'Edit business details' })).not.toBeInTheDocument(),
      );
      const shop = screen.getByRole('region', { name: 'Shop Details' });
      expect(within(shop).getByText('Fade Factory Derry')).toBeInTheDocument();
      expect(within(shop).getByText('4 Strand Road, Derry, BT48 7AB')).toBeInTheDocument();
      expect(within(shop).getByText('Only your town and postcode (Derry, BT48 7AB)')).toBeInTheDocument();
    });

    it("checks the fields with the invite wizard's messages and disables Save while any shows; Cancel sends nothing", async () => {
      const { user, api } = await openProfile();
      const form = await editShop(user);
      await user.clear(shopField(form, /^Business name/));
      await user.tab();
      expect(form.getByText(MESSAGES.businessNameRequired)).toBeInTheDocument();
      await user.clear(shopField(form, /^Business address/));
      await user.paste('4 Strand Road, Derry');
      await user.tab();
      expect(
        form.getByText('Address must include a Northern Irish postcode (e.g., BT4 3HW)'),
      ).toBeInTheDocument();
      expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
      // A shown message follows the typing.
      await user.type(shopField(form, /^Business address/), ', BT48');
      expect(
        form.getByText('Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)'),
      ).toBeInTheDocument();

      await user.click(form.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Edit shop details' })).toBeInTheDocument();
      expect(api.callsTo('PUT', '/api/user/business-profile')).toHaveLength(0);
    });

    it("shows the server's field messages on their fields", async () => {
      const { user, api } = await openProfile();
      api.on(
        'PUT',
        '/api/user/business-profile',
        apiErrorResponse(400, 'ValidationError', 'Business name contains inappropriate content', {
          BusinessName: 'Business name contains inappropriate content',
        }),
      );
      const form = await editShop(user);
      await user.click(form.getByRole('button', { name: 'Save' }));
      expect(await form.findByText('Business name contains inappropriate content')).toBeInTheDocument();
      expect(form.getByRole('alert')).toHaveTextContent(MESSAGES.failedToUpdateProfile);
      expect(shopField(form, /^Business name/)).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
