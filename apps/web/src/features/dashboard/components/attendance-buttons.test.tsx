import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import {
  bookingChanged,
  FIRST_RENDER,
  fixToday,
  makeBooking,
  renderDashboard,
  requestListsComplete,
} from '../testing/dashboard-fixtures';

const TODAY = '2026-12-05T11:00:00Z';

/** Started an hour ago, its £7.50 deposit paid. */
const started = makeBooking({
  id: 's1',
  Status: 'Approved',
  BookingDateTime: '2026-12-05 10:00',
  customerName: 'Cal Three',
  FinalPrice: 30,
  PaymentStatus: 'Paid',
  AmountDuePence: 750,
  AmountPaidPence: 750,
});
const later = makeBooking({
  id: 'l1',
  Status: 'Approved',
  BookingDateTime: '2026-12-06 10:00',
  customerName: 'Dee Four',
});

const card = (name: string) => screen.getByRole('article', { name });

async function openRequests(bookings = [started, later]) {
  const rendered = renderDashboard({ bookings });
  await screen.findByRole('button', { name: /^Pending: / }, FIRST_RENDER);
  await requestListsComplete();
  return rendered;
}

describe('the business marks attendance once an appointment has started (api-contract §9.2)', () => {
  it('asks "Did they come?" on a started appointment only', async () => {
    fixToday(TODAY);
    await openRequests();
    const begun = within(card('Cal Three, Sat 5 Dec 2026, 10:00'));
    const group = begun.getByRole('group', { name: 'Did Cal Three come?' });
    expect(group).toHaveTextContent('Did they come?');
    expect(within(group).getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'false');
    expect(
      within(card('Dee Four, Sun 6 Dec 2026, 10:00')).queryByRole('group', { name: /come\?/ }),
    ).not.toBeInTheDocument();
  });

  it('a no-show keeps the deposit: the card then says so, the choice pressed', async () => {
    fixToday(TODAY);
    const kept = { ...started, Attendance: 'NoShow' as const, PaymentStatus: 'Kept' as const };
    const { user, api, server } = await openRequests();
    api.on('PATCH', '/api/booking/attendance', () => {
      server.set([kept, later]);
      return jsonResponse(200, bookingChanged('Attendance saved.', kept));
    });
    await user.click(
      within(card('Cal Three, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'No-show' }),
    );
    expect(await screen.findByText('Marked as a no-show: Cal Three')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/attendance')[0]!.body).toEqual({
      bookingId: 's1',
      attendance: 'NoShow',
    });
    await waitFor(() =>
      expect(card('Cal Three, Sat 5 Dec 2026, 10:00')).toHaveTextContent('Deposit kept: £7.50 (no-show)'),
    );
    const group = within(card('Cal Three, Sat 5 Dec 2026, 10:00')).getByRole('group', {
      name: 'Did Cal Three come?',
    });
    expect(group).toHaveTextContent('Attendance:');
    expect(within(group).getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("reports a refusal with the server's message", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests();
    api.on(
      'PATCH',
      '/api/booking/attendance',
      apiErrorResponse(409, 'InvalidTransition', 'Attendance can be marked once the appointment has started'),
    );
    await user.click(
      within(card('Cal Three, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Attended' }),
    );
    expect(
      await screen.findByText('Attendance can be marked once the appointment has started'),
    ).toBeInTheDocument();
  });
});
