import { PAYMENT_MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

// The Payments card of Configuration (api-contract §9.2).
function openPayments(account: object, settings: object = { mode: 'none', depositPercent: 20 }) {
  const api = stubFetch()
    .on('GET', '/api/payments/account', jsonResponse(200, account))
    .on('GET', '/api/user/payment-settings', jsonResponse(200, settings));
  const rendered = renderDashboard({ route: '/admin?tab=configuration', api });
  return { ...rendered, card: async () => screen.findByRole('region', { name: 'Payments' }, FIRST_RENDER) };
}

describe('payments in Configuration', () => {
  it('without a payout account: Connect opens the provider’s set-up; deposit and full wait for it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { user, api, card } = openPayments({ status: 'not_connected', provider: 'development' });
      api.on(
        'POST',
        '/api/payments/connect',
        jsonResponse(200, { url: 'http://localhost/dev/payments/onboarding/acct_1' }),
      );
      const payments = await card();
      expect(await within(payments).findByText(/Connect a payout account/)).toBeInTheDocument();
      expect(
        within(payments).getByRole('radio', { name: 'A deposit when the booking is agreed' }),
      ).toBeDisabled();
      expect(within(payments).getByRole('radio', { name: 'Pay at the appointment' })).toBeChecked();
      await user.click(within(payments).getByRole('button', { name: 'Connect Payout Account' }));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('http://localhost/dev/payments/onboarding/acct_1'),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with an active account: asks for a 25% deposit, checked as typed, and saves it', async () => {
    const { user, api, card } = openPayments({ status: 'active', provider: 'development' });
    api.on('PUT', '/api/user/payment-settings', jsonResponse(200, { mode: 'deposit', depositPercent: 25 }));
    const payments = await card();
    await user.click(
      await within(payments).findByRole('radio', { name: 'A deposit when the booking is agreed' }),
    );
    const deposit = within(payments).getByRole('textbox', { name: 'Deposit (%)' });
    await user.clear(deposit);
    await user.type(deposit, '95');
    await user.tab();
    expect(within(payments).getByText(PAYMENT_MESSAGES.depositPercent)).toBeInTheDocument();
    await user.click(within(payments).getByRole('button', { name: 'Save Payments' }));
    expect(api.callsTo('PUT', '/api/user/payment-settings')).toHaveLength(0);
    await user.clear(deposit);
    await user.type(deposit, '25');
    await user.click(within(payments).getByRole('button', { name: 'Save Payments' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/payment-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/payment-settings')[0]!.body).toEqual({
      mode: 'deposit',
      depositPercent: 25,
    });
    expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
  });

  it('says why a save is refused', async () => {
    const { user, api, card } = openPayments({ status: 'active', provider: 'development' });
    api.on(
      'PUT',
      '/api/user/payment-settings',
      apiErrorResponse(409, 'PaymentsNotActive', 'Connect your payout account and finish its set-up first.'),
    );
    const payments = await card();
    await user.click(
      await within(payments).findByRole('radio', { name: 'Full payment when the booking is agreed' }),
    );
    await user.click(within(payments).getByRole('button', { name: 'Save Payments' }));
    expect(
      await screen.findByText('Connect your payout account and finish its set-up first.'),
    ).toBeInTheDocument();
  });

  it('where online payment is off, says customers pay at the appointment', async () => {
    const { card } = openPayments({ status: 'not_connected', provider: 'off' });
    const payments = await card();
    expect(
      await within(payments).findByText(
        'Online payments are not set up on this server, so customers pay at the appointment.',
      ),
    ).toBeInTheDocument();
    expect(
      within(payments).queryByRole('button', { name: 'Connect Payout Account' }),
    ).not.toBeInTheDocument();
  });
});
