import { containsInappropriateContent, MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  bookingChanged,
  FIRST_RENDER,
  fixToday,
  makeBooking,
  renderDashboard,
  requestListsComplete,
} from '../testing/dashboard-fixtures';

const TODAY = '2026-12-01T10:00:00Z';

const approved = makeBooking({
  id: 'a1',
  businessId: 'business-1',
  Status: 'Approved',
  BookingDateTime: '2026-12-05 12:00',
  customerName: 'Ann One',
});
const confirmed = makeBooking({
  id: 'a2',
  Status: 'Confirmed',
  BookingDateTime: '2026-12-06 14:00',
  customerName: 'Bea Two',
  OriginalPrice: 30,
  CounterPrice: 45,
  FinalPrice: 45,
});
const started = makeBooking({
  id: 'a3',
  Status: 'Approved',
  BookingDateTime: '2026-12-01 09:00',
  customerName: 'Cal Three',
});

const card = (name: string) => screen.getByRole('article', { name });
const reasonBox = () => screen.getByRole('textbox', { name: /^Reason for cancelling/ });

async function openRequests(bookings = [approved, confirmed, started], api = stubFetch()) {
  const rendered = renderDashboard({ bookings, api });
  await screen.findByRole('button', { name: /^Pending: / }, FIRST_RENDER);
  await requestListsComplete();
  return rendered;
}

describe('the business cancels an agreed appointment (api-contract §8.4)', () => {
  it('offers Cancel on Approved and Confirmed appointments that have not started, and on nothing else', async () => {
    fixToday(TODAY);
    const requested = makeBooking({ id: 'r1', Status: 'Requested', customerName: 'Dee Four' });
    const cancelled = makeBooking({
      id: 'x1',
      Status: 'Cancelled',
      BookingDateTime: '2026-12-07 10:00',
      customerName: 'Eve Five',
    });
    await openRequests([approved, confirmed, started, requested, cancelled]);
    for (const name of ['Ann One, Sat 5 Dec 2026, 12:00', 'Bea Two, Sun 6 Dec 2026, 14:00']) {
      expect(within(card(name)).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    }
    const begun = within(card('Cal Three, Tue 1 Dec 2026, 09:00'));
    // Started: no Cancel, but the business may say whether the customer came.
    expect(begun.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(begun.getByRole('button', { name: 'No-show' })).toBeInTheDocument();
    expect(
      within(card('Dee Four, Sat 5 Dec 2026, 10:00')).queryByRole('button', { name: 'Cancel' }),
    ).not.toBeInTheDocument();
    const ended = within(card('Eve Five, Mon 7 Dec 2026, 10:00'));
    expect(ended.getAllByRole('button')).toEqual([ended.getByRole('button', { name: 'Messages' })]);
  });

  it('asks for a reason first: a missing, overlong or inappropriate one says why and goes no further', async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests();
    await user.click(within(card('Ann One, Sat 5 Dec 2026, 12:00')).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('Cancel Ann One’s appointment on Sat 5 Dec 2026, 12:00?');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(MESSAGES.cancellationReasonRequired)).toBeInTheDocument();
    expect(MESSAGES.cancellationReasonRequired).toBe('Please give a reason for cancelling');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();

    await user.type(reasonBox(), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(reasonBox()).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.cancellationReasonRequired),
    );

    await user.clear(reasonBox());
    await user.click(reasonBox());
    await user.paste('x'.repeat(201));
    // Too long is said at once, before Continue.
    expect(within(dialog).getByText('Reason must be 200 characters or fewer')).toBeInTheDocument();

    await user.clear(reasonBox());
    await user.click(reasonBox());
    await user.paste('Shit day, sorry');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(containsInappropriateContent('Reason'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();

    // Backing out sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/cancel')).toHaveLength(0);
  });

  it('cancels with the reason after two confirmations, and the card then says who cancelled and why', async () => {
    fixToday(TODAY);
    const done = {
      ...confirmed,
      Status: 'Cancelled' as const,
      CancelledBy: 'business' as const,
      CancellationReason: 'Burst pipe in the shop',
    };
    const { user, api, server } = await openRequests([confirmed]);
    // The server's list changes with the cancellation: the appointment moves to the history.
    api.on('PATCH', '/api/booking/cancel', () => {
      server.set([done]);
      return jsonResponse(200, bookingChanged('Booking cancelled', done));
    });

    await user.click(within(card('Bea Two, Sun 6 Dec 2026, 14:00')).getByRole('button', { name: 'Cancel' }));
    await user.type(reasonBox(), '  Burst pipe in the shop ');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(api.callsTo('PATCH', '/api/booking/cancel')).toHaveLength(0);
    const sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(sure).toHaveTextContent('Bea Two will be emailed that you cancelled, with your reason');
    await user.click(within(sure).getByRole('button', { name: 'Yes, Cancel Booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/cancel')[0]!.body).toEqual({
      businessId: 'business-1',
      bookingId: 'a2',
      reason: 'Burst pipe in the shop',
    });
    await waitFor(() =>
      expect(card('Bea Two, Sun 6 Dec 2026, 14:00')).toHaveTextContent('You cancelled this booking'),
    );
    expect(card('Bea Two, Sun 6 Dec 2026, 14:00')).toHaveTextContent('Reason: “Burst pipe in the shop”');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("reports a refused cancellation with the server's message", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([approved]);
    api.on(
      'PATCH',
      '/api/booking/cancel',
      apiErrorResponse(409, 'InvalidTransition', 'This booking has already started'),
    );
    await user.click(within(card('Ann One, Sat 5 Dec 2026, 12:00')).getByRole('button', { name: 'Cancel' }));
    await user.type(reasonBox(), 'Ill');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Booking' }));
    expect(await screen.findByText(MESSAGES.failedToUpdateBooking)).toBeInTheDocument();
    expect(screen.getByText('This booking has already started')).toBeInTheDocument();
  });

  it("says who cancelled a customer's cancellation, and shows a reason as text, never as markup", async () => {
    fixToday(TODAY);
    await openRequests([
      makeBooking({
        id: 'x1',
        Status: 'Cancelled',
        BookingDateTime: '2026-12-07 10:00',
        customerName: 'Eve Five',
        CancelledBy: 'customer',
      }),
      makeBooking({
        id: 'x2',
        Status: 'Cancelled',
        BookingDateTime: '2026-12-08 10:00',
        customerName: 'Fay Six',
        CancelledBy: 'business',
        CancellationReason: '<b>Closed</b> for repairs',
      }),
    ]);
    const byCustomer = card('Eve Five, Mon 7 Dec 2026, 10:00');
    expect(byCustomer).toHaveTextContent('Cancelled by the customer');
    expect(byCustomer).not.toHaveTextContent('Reason');
    const byBusiness = card('Fay Six, Tue 8 Dec 2026, 10:00');
    expect(byBusiness).toHaveTextContent('You cancelled this booking');
    expect(within(byBusiness).getByText('Reason: “<b>Closed</b> for repairs”')).toBeInTheDocument();
    expect(byBusiness.querySelector('b')).toBeNull();
  });
});
