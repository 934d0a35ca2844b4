import { MESSAGES, tooLateToCancel } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { bookingChanged, bookingsResponse, makeBooking, renderProfile } from '../testing/profile-fixtures';

// The clock stands before the fixtures' December bookings, so they are upcoming.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const approved = makeBooking({
  id: 'a1',
  businessId: 'biz-9',
  Status: 'Approved',
  BookingDateTime: '2026-12-05 10:00',
  BusinessName: 'Fade Factory',
  FinalPrice: 50,
});
const CARD = 'Fade Factory, Sat 5 Dec 2026, 10:00';

describe('the customer cancels an agreed appointment (api-contract §8.4)', () => {
  it('cancels an Approved booking after two confirmations; the card then shows Cancelled, by the customer', async () => {
    const cancelled = { ...approved, Status: 'Cancelled' as const, CancelledBy: 'customer' as const };
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([approved])))
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([cancelled])))
      .on('PATCH', '/api/booking/setstatus', jsonResponse(200, bookingChanged('Cancelled', cancelled)));
    const { user } = renderProfile({ api });

    const card = await screen.findByRole('article', { name: CARD });
    await user.click(within(card).getByRole('button', { name: 'Cancel Booking' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent(
      'Do you want to cancel your appointment at Fade Factory on Sat 5 Dec 2026, 10:00?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel Booking' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel It' }));
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(0);
    dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/booking/setstatus')[0]!.body).toEqual({
      businessId: 'biz-9',
      bookingId: 'a1',
      status: 'Cancelled',
    });
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Cancelled (1)' }));
    const after = screen.getByRole('article', { name: CARD });
    expect(after).toHaveTextContent('Cancelled');
    expect(after).toHaveTextContent('You cancelled this booking');
    expect(within(after).queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it('offers Cancel Booking on a Confirmed booking too, but not once an appointment has started', async () => {
    const confirmed = makeBooking({
      id: 'f1',
      Status: 'Confirmed',
      BookingDateTime: '2026-12-06 11:00',
      BusinessName: 'Clip Joint',
      OriginalPrice: 30,
      CounterPrice: 40,
      FinalPrice: 40,
    });
    const past = makeBooking({
      id: 'p1',
      Status: 'Approved',
      BookingDateTime: '2026-11-19 11:00',
      BusinessName: 'Old Cuts',
    });
    renderProfile({ bookings: [confirmed, past] });
    const confirmedCard = await screen.findByRole('article', { name: 'Clip Joint, Sun 6 Dec 2026, 11:00' });
    expect(within(confirmedCard).getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
    const pastCard = screen.getByRole('article', { name: 'Old Cuts, Thu 19 Nov 2026, 11:00' });
    expect(within(pastCard).queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it('says before any click that it is too late to cancel online, and offers Messages instead', async () => {
    // 46 hours ahead of the test's clock, with 72 hours' notice.
    const soon = makeBooking({
      ...approved,
      id: 'soon',
      BookingDateTime: '2026-11-22 10:00',
      CancellationNoticeHours: 72,
    });
    const inTime = makeBooking({ ...approved, id: 'later', CancellationNoticeHours: 72 });
    renderProfile({ bookings: [soon, inTime] });
    const card = await screen.findByRole('article', { name: 'Fade Factory, Sun 22 Nov 2026, 10:00' });
    expect(card).toHaveTextContent(
      "Too late to cancel online: Fade Factory asks for 72 hours' notice. Send them a message instead.",
    );
    expect(within(card).queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Add to calendar/i })).toBeInTheDocument();
    // Five days ahead, 72 hours' notice leaves time: Cancel is offered.
    const later = screen.getByRole('article', { name: CARD });
    expect(within(later).getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
    expect(later).not.toHaveTextContent('Too late to cancel online');
  });

  // The list was read before the business lengthened its notice: the server's refusal says so.
  it("shows the server's message when it is too late to cancel online, and the booking stays", async () => {
    const message = tooLateToCancel('Fade Factory', 24);
    const api = stubFetch().on(
      'PATCH',
      '/api/booking/setstatus',
      apiErrorResponse(409, 'TooLateToCancel', message),
    );
    const { user } = renderProfile({ api, bookings: [approved] });
    const card = await screen.findByRole('article', { name: CARD });
    await user.click(within(card).getByRole('button', { name: 'Cancel Booking' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel It' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(message).toBe(
      "This booking can no longer be cancelled online: Fade Factory asks for 24 hours' notice",
    );
    expect(screen.getByText(MESSAGES.failedToUpdateBooking)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: CARD })).toHaveTextContent('Approved');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the business cancelled, with its reason as text, never as markup', async () => {
    renderProfile({
      bookings: [
        {
          ...approved,
          Status: 'Cancelled',
          CancelledBy: 'business',
          CancellationReason: 'Burst pipe <img src=x onerror=alert(1)>',
        },
      ],
    });
    const card = await screen.findByRole('article', { name: CARD });
    expect(card).toHaveTextContent('Cancelled by the business');
    expect(within(card).getByText('Reason: “Burst pipe <img src=x onerror=alert(1)>”')).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
  });
});

describe("where the shop is, on the customer's card (api-contract §8.5)", () => {
  it('shows the address the API gives with a Directions link', async () => {
    renderProfile({
      bookings: [{ ...approved, BusinessAddress: '7 Back Lane\nLisburn\nBT28 1AA' }],
    });
    const card = await screen.findByRole('article', { name: CARD });
    expect(card).toHaveTextContent('At the shop: 7 Back Lane, Lisburn, BT28 1AA Directions');
    const link = within(card).getByRole('link', { name: 'Directions to Fade Factory (opens in a new tab)' });
    expect(link).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('7 Back Lane, Lisburn, BT28 1AA')}`,
    );
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("a request shows the public form the API sends; with no address, 'At the shop' alone", async () => {
    const requested = makeBooking({
      id: 'r1',
      Status: 'Requested',
      BusinessName: 'Home Fades',
      BusinessAddress: 'Lisburn, BT28 1AA',
    });
    const gone = makeBooking({
      id: 'r2',
      Status: 'Requested',
      BusinessName: 'Gone Cuts',
      BusinessAddress: '',
    });
    renderProfile({ bookings: [requested, gone], route: '/profile?tab=requested' });
    const card = await screen.findByRole('article', { name: 'Home Fades, Sat 5 Dec 2026, 10:00' });
    expect(card).toHaveTextContent('At the shop: Lisburn, BT28 1AA Directions');
    const goneCard = screen.getByRole('article', { name: 'Gone Cuts, Sat 5 Dec 2026, 10:00' });
    expect(goneCard).toHaveTextContent('At the shop');
    expect(within(goneCard).queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
  });

  it("a home visit shows the customer's own address, without directions", async () => {
    renderProfile({
      bookings: [{ ...approved, IsHomeVisit: true, CustomerAddress: '1 Main Street, Newry, BT34 1AA' }],
    });
    const card = await screen.findByRole('article', { name: CARD });
    expect(card).toHaveTextContent('Home visit: 1 Main Street, Newry, BT34 1AA');
    expect(card).not.toHaveTextContent('Bridge Street');
    expect(within(card).queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
  });
});

describe("the customer's money on the card (api-contract §9.2)", () => {
  const due = {
    ...approved,
    PaymentStatus: 'Due' as const,
    AmountDuePence: 1250,
    PaymentDueBy: '2026-12-01T14:00:00.000Z',
  };

  it('says what is due and by when, and Pay opens the provider’s page in this tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const api = stubFetch()
        .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([due])))
        .on('POST', '/api/payments/checkout', jsonResponse(200, { url: 'https://pay.test/cs_1' }));
      const { user } = renderProfile({ api });
      const card = await screen.findByRole('article', { name: CARD });
      expect(card).toHaveTextContent('Pay deposit £12.50 by Tue 1 Dec 2026, 14:00');
      await user.click(within(card).getByRole('button', { name: 'Pay £12.50' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/cs_1'));
      expect(api.callsTo('POST', '/api/payments/checkout')[0]!.body).toEqual({ bookingId: 'a1' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says why when the payment page cannot open, and stays', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([due])))
      .on(
        'POST',
        '/api/payments/checkout',
        apiErrorResponse(503, 'ServiceUnavailable', 'The payment page could not be opened just now.'),
      );
    const { user } = renderProfile({ api });
    const card = await screen.findByRole('article', { name: CARD });
    await user.click(within(card).getByRole('button', { name: 'Pay £12.50' }));
    expect(await screen.findByText('Payment could not start')).toBeInTheDocument();
    expect(screen.getByText('The payment page could not be opened just now.')).toBeInTheDocument();
  });

  it('shows Paid, and no Pay, once the provider has confirmed it', async () => {
    const paid = { ...due, PaymentStatus: 'Paid' as const, AmountPaidPence: 1250 };
    const api = stubFetch().on(
      'GET',
      '/api/booking/userbookings',
      jsonResponse(200, bookingsResponse([paid])),
    );
    renderProfile({ api });
    const card = await screen.findByRole('article', { name: CARD });
    expect(card).toHaveTextContent('Deposit paid: £12.50');
    expect(within(card).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});

describe('a booking of a shop’s service (api-contract §9.3)', () => {
  it('says which service, how long and with whom; a default hour says nothing more', async () => {
    const fade = makeBooking({
      ...approved,
      id: 'a2',
      ServiceName: 'Skin fade',
      DurationMinutes: 30,
      EndDateTime: '2026-12-05 10:30',
      MemberID: 'niamh',
      MemberName: 'Niamh',
    });
    const api = stubFetch().on(
      'GET',
      '/api/booking/userbookings',
      jsonResponse(200, bookingsResponse([fade])),
    );
    renderProfile({ api });
    const card = await screen.findByRole('article', { name: CARD });
    expect(within(card).getByText('Skin fade · 30 min · with Niamh')).toBeInTheDocument();
  });
});

describe('moving an agreed appointment (api-contract §9.4)', () => {
  it('proposes a new time from the times its service and barber could take', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([approved])))
      .on(
        'GET',
        '/api/booking/reschedule/times',
        jsonResponse(200, { slots: ['2026-12-05 10:30', '2026-12-05 14:00', '2026-12-07 09:00'] }),
      )
      .on(
        'POST',
        '/api/booking/reschedule',
        jsonResponse(201, {
          proposal: {
            id: 'p1',
            bookingId: 'a1',
            from: '2026-12-05 10:00',
            to: '2026-12-05 14:00',
            proposedBy: 'customer',
            status: 'Proposed',
          },
        }),
      );
    const { user } = renderProfile({ api });
    const card = await screen.findByRole('article', { name: CARD });
    await user.click(within(card).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move this booking' });
    // The times the server says this booking could take (one overlapping its own among them).
    const time = await within(dialog).findByRole('combobox', { name: 'Time' });
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10:30', '14:00']);
    await user.selectOptions(time, '14:00');
    expect(api.callsTo('GET', '/api/booking/reschedule/times')[0]?.query.get('bookingId')).toBe('a1');
    await user.click(within(dialog).getByRole('button', { name: 'Propose New Time' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/booking/reschedule')[0]?.body).toEqual({
        bookingId: 'a1',
        bookingDateTime: '2026-12-05 14:00',
      }),
    );
  });

  it('shows the business’s proposal with Accept, and where a moved booking came from', async () => {
    const proposed = {
      ...approved,
      RescheduledFrom: '2026-12-04 09:00',
      MoveProposal: { id: 'p2', to: '2026-12-06 11:00', proposedBy: 'business' as const },
    };
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([proposed])))
      .on('PATCH', '/api/booking/reschedule', jsonResponse(200, { booking: approved }));
    const { user } = renderProfile({ api });
    const card = await screen.findByRole('article', { name: CARD });
    expect(card).toHaveTextContent('Moved from Fri 4 Dec 2026, 09:00');
    const offer = within(card).getByRole('group', { name: 'New time proposed' });
    expect(offer).toHaveTextContent('New time proposed: Sun 6 Dec 2026, 11:00');
    expect(within(card).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Accept New Time' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/booking/reschedule')[0]?.body).toEqual({
        proposalId: 'p2',
        response: 'Accepted',
      }),
    );
  });
});
