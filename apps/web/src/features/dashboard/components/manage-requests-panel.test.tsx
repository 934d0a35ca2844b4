import { MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  bookingChanged,
  businessBookings,
  FIRST_RENDER,
  fixToday,
  makeBooking,
  renderDashboard,
} from '../testing/dashboard-fixtures';

const TODAY = '2026-12-01T10:00:00Z';

const requested = makeBooking({
  id: 'r1',
  businessId: 'business-1',
  Status: 'Requested',
  BookingDateTime: '2026-12-05 10:00',
  Price: 50,
  customerName: 'Aoife Byrne',
  customerEmail: 'aoife@example.com',
  customerPhone: '+447123456789',
});
const homeVisit = makeBooking({
  id: 'r2',
  Status: 'Requested',
  BookingDateTime: '2026-12-06 11:00',
  Price: 35,
  IsHomeVisit: true,
  CustomerAddress: '4 Quay Street, Bangor, BT20 5ED',
  customerName: 'Declan Murray',
});
const countered = makeBooking({
  id: 'c1',
  Status: 'Countered',
  BookingDateTime: '2026-12-07 15:00',
  Price: 40,
  OriginalPrice: 40,
  CounterPrice: 55,
  customerName: 'Niamh Quinn',
});
const approved = [
  makeBooking({ id: 'a1', Status: 'Approved', BookingDateTime: '2026-12-05 12:00', customerName: 'Ann One' }),
  makeBooking({
    id: 'a2',
    Status: 'Confirmed',
    BookingDateTime: '2026-12-05 14:00',
    customerName: 'Bea Two',
    OriginalPrice: 30,
    CounterPrice: 45,
    FinalPrice: 45,
  }),
  makeBooking({
    id: 'a3',
    Status: 'Approved',
    BookingDateTime: '2026-12-08 09:00',
    customerName: 'Cal Three',
  }),
  makeBooking({
    id: 'a4',
    Status: 'Approved',
    BookingDateTime: '2026-12-09 09:00',
    customerName: 'Dee Four',
  }),
  makeBooking({
    id: 'a5',
    Status: 'Approved',
    BookingDateTime: '2026-12-10 09:00',
    customerName: 'Eve Five',
  }),
  makeBooking({ id: 'a6', Status: 'Approved', BookingDateTime: '2026-12-11 09:00', customerName: 'Fay Six' }),
  makeBooking({
    id: 'a7',
    Status: 'Approved',
    BookingDateTime: '2027-01-10 09:00',
    customerName: 'Gus Seven',
  }),
];
const ended = [
  makeBooking({
    id: 'd1',
    Status: 'Denied',
    BookingDateTime: '2026-12-12 10:00',
    customerName: 'Hal Denied',
  }),
  makeBooking({
    id: 'd2',
    Status: 'Declined',
    BookingDateTime: '2026-12-13 10:00',
    customerName: 'Ivy Declined',
    OriginalPrice: 20,
    CounterPrice: 30,
  }),
  makeBooking({
    id: 'd3',
    Status: 'Cancelled',
    BookingDateTime: '2026-12-14 10:00',
    customerName: 'Jo Cancelled',
  }),
];
const ALL = [requested, homeVisit, countered, ...approved, ...ended];

const section = (name: RegExp) => screen.getByRole('region', { name });
const card = (name: string) => screen.getByRole('article', { name });

async function openRequests(bookings = ALL, api = stubFetch()) {
  const rendered = renderDashboard({ bookings, api });
  await screen.findByRole('button', { name: /^Pending: / }, FIRST_RENDER);
  return rendered;
}

describe('Manage Requests', () => {
  it('counts each kind of request on the stat cards and lists them in their sections', async () => {
    fixToday(TODAY);
    await openRequests();
    expect(screen.getByRole('button', { name: 'Pending: 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Counter Offers: 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approved: 7' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Denied: 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Calendar' })).toBeInTheDocument();

    const pending = section(/^Pending/);
    const first = within(pending).getByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' });
    expect(first).toHaveTextContent('Offered: £50');
    expect(first).toHaveTextContent('At your shop');
    expect(first).toHaveTextContent('Requested');
    expect(within(first).getByRole('link', { name: 'aoife@example.com' })).toHaveAttribute(
      'href',
      'mailto:aoife@example.com',
    );
    expect(within(first).getByRole('link', { name: '+447123456789' })).toHaveAttribute(
      'href',
      'tel:+447123456789',
    );
    for (const action of ['Approve', 'Counter', 'Deny']) {
      expect(within(first).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(card('Declan Murray, Sun 6 Dec 2026, 11:00')).toHaveTextContent(
      'Home visit: 4 Quay Street, Bangor, BT20 5ED',
    );

    const counterOffers = section(/^Counter Offers Sent/);
    const offer = within(counterOffers).getByRole('article', { name: 'Niamh Quinn, Mon 7 Dec 2026, 15:00' });
    expect(offer).toHaveTextContent('Offered: £40 · Your counter offer: £55');
    expect(within(offer).queryByRole('button')).not.toBeInTheDocument();

    const confirmed = within(section(/^Approved/)).getByRole('article', {
      name: 'Bea Two, Sat 5 Dec 2026, 14:00',
    });
    expect(confirmed).toHaveTextContent('Confirmed');
    expect(confirmed).toHaveTextContent('£45 (counter offer accepted; offered £30)');

    // Denied holds every request that ended without an appointment, each with its own status.
    const denied = section(/^Denied/);
    expect(
      within(denied)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual([
      'Jo Cancelled, Mon 14 Dec 2026, 10:00',
      'Ivy Declined, Sun 13 Dec 2026, 10:00',
      'Hal Denied, Sat 12 Dec 2026, 10:00',
    ]);
    expect(within(denied).getByText('Declined')).toBeInTheDocument();
  });

  it('shows the first 6 approved bookings, soonest first, with a toggle for the rest', async () => {
    fixToday(TODAY);
    const { user } = await openRequests();
    const list = section(/^Approved/);
    expect(within(list).getAllByRole('article')).toHaveLength(6);
    expect(within(list).queryByRole('article', { name: /Gus Seven/ })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Ann One, Sat 5 Dec 2026, 12:00');

    await user.click(within(list).getByRole('button', { name: 'Show all 7' }));
    expect(within(list).getAllByRole('article')).toHaveLength(7);
    await user.click(within(list).getByRole('button', { name: 'Show first 6' }));
    expect(within(list).getAllByRole('article')).toHaveLength(6);
  });

  it('caps the Denied list at 6 too', async () => {
    fixToday(TODAY);
    const denied = Array.from({ length: 8 }, (_, index) =>
      makeBooking({ id: `x${index}`, Status: 'Denied', BookingDateTime: `2026-11-${10 + index} 10:00` }),
    );
    const { user } = await openRequests(denied);
    const list = section(/^Denied/);
    expect(within(list).getAllByRole('article')).toHaveLength(6);
    await user.click(within(list).getByRole('button', { name: 'Show all 8' }));
    expect(within(list).getAllByRole('article')).toHaveLength(8);
  });

  it('approves a request, which then shows under Approved', async () => {
    fixToday(TODAY);
    const approvedNow = { ...requested, Status: 'Approved' as const };
    // NOTE: the stub reuses the last answer it has; queue the list before and after the approval.
    const api = stubFetch()
      .on('GET', '/api/booking/getallbookings', jsonResponse(200, businessBookings([requested])))
      .on('PATCH', '/api/booking/setstatus', jsonResponse(200, bookingChanged('Approved', approvedNow)));
    const { user } = await openRequests([approvedNow], api);

    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/setstatus')[0]!.body).toEqual({
      businessId: 'business-1',
      bookingId: 'r1',
      status: 'Approved',
    });
    await waitFor(() =>
      expect(
        within(section(/^Approved/)).getByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Pending: 0' })).toBeInTheDocument();
  });

  it("shows the server's message when the hour is already taken", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.on(
      'PATCH',
      '/api/booking/setstatus',
      apiErrorResponse(409, 'SlotTaken', 'That time is already booked.'),
    );
    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText(MESSAGES.failedToUpdateBooking)).toBeInTheDocument();
    expect(screen.getByText('That time is already booked.')).toBeInTheDocument();
  });

  it("counters with a whole-pound price up to £300: 'Maximum counter offer is £300'", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.on('PATCH', '/api/booking/counter', jsonResponse(200, bookingChanged('Countered', requested)));

    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Counter' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Counter Offer' });
    expect(dialog).toHaveTextContent('Aoife Byrne offered £50 for Sat 5 Dec 2026, 10:00');
    const price = within(dialog).getByRole('textbox', { name: 'Counter price (£)' });

    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(within(dialog).getByText('Counter offer must be at least £1')).toBeInTheDocument();

    await user.click(price);
    await user.paste('301');
    expect(within(dialog).getByText('Maximum counter offer is £300')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(api.callsTo('PATCH', '/api/booking/counter')).toHaveLength(0);

    await user.clear(price);
    await user.paste('60');
    expect(within(dialog).queryByText('Maximum counter offer is £300')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(await screen.findByText('Counter offer of £60 sent')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/counter')[0]!.body).toEqual({
      businessId: 'business-1',
      bookingId: 'r1',
      newPrice: 60,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("refuses a decimal counter offer with 'Enter a whole number of pounds' and sends nothing (api-contract §8.1)", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.on('PATCH', '/api/booking/counter', jsonResponse(200, bookingChanged('Countered', requested)));
    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Counter' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Counter Offer' });
    const price = within(dialog).getByRole('textbox', { name: 'Counter price (£)' });

    await user.type(price, '2.50');
    expect(price).toHaveValue('2.50');
    expect(within(dialog).getByText('Enter a whole number of pounds')).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.wholePounds));
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(within(dialog).getByText('Enter a whole number of pounds')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/counter')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Counter Offer' })).toBeInTheDocument();
  });

  it('denies a request only after two confirmations', async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.on('PATCH', '/api/booking/setstatus', jsonResponse(200, bookingChanged('Denied', requested)));
    const requestCard = card('Aoife Byrne, Sat 5 Dec 2026, 10:00');

    // Backing out of the first dialog sends nothing.
    await user.click(within(requestCard).getByRole('button', { name: 'Deny' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deny this request?' })).getByRole('button', {
        name: 'Keep Request',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(requestCard).getByRole('button', { name: 'Deny' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deny this request?' })).getByRole('button', {
        name: 'Deny Request',
      }),
    );
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(0);

    const sure = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(sure).getByRole('button', { name: 'Yes, Deny Request' }));
    expect(await screen.findByText('Request denied')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/setstatus')[0]!.body).toEqual({
      businessId: 'business-1',
      bookingId: 'r1',
      status: 'Denied',
    });
  });

  it('says so when there are no requests at all', async () => {
    await openRequests([]);
    expect(screen.getByText('No booking requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending: 0' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Pending/ })).not.toBeInTheDocument();
  });

  it('offers the next step when there are no requests: setting hours and the minimum price', async () => {
    const { user, router } = await openRequests([]);
    expect(screen.getByRole('link', { name: 'Set Minimum Price' })).toHaveAttribute(
      'href',
      '/admin?tab=configuration',
    );
    await user.click(screen.getByRole('link', { name: 'Set Hours' }));
    expect(router.state.location.search).toBe('?tab=hours');
    expect(await screen.findByRole('heading', { name: 'Weekly Hours' })).toBeInTheDocument();
  });

  it('points an empty Pending section at the opening hours', async () => {
    fixToday(TODAY);
    await openRequests([countered]);
    const pending = section(/^Pending/);
    expect(within(pending).getByText('No pending requests.')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Check your opening hours' })).toHaveAttribute(
      'href',
      '/admin?tab=hours',
    );
  });

  it("says 'Failed to load data' and tries again", async () => {
    const api = stubFetch()
      .on(
        'GET',
        '/api/booking/getallbookings',
        apiErrorResponse(500, 'InternalError', 'Something went wrong'),
      )
      .on('GET', '/api/booking/getallbookings', jsonResponse(200, businessBookings([requested])));
    // renderDashboard's own getallbookings answer queues behind these two and is never reached.
    const { user } = renderDashboard({ api });
    expect(await screen.findByText(MESSAGES.failedToLoadData, {}, FIRST_RENDER)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pending: 1' })).toBeInTheDocument();
  });
});

describe('booking calendar', () => {
  it("marks the days with approved or confirmed bookings and lists a chosen day's bookings", async () => {
    fixToday(TODAY);
    const { user } = await openRequests();
    await user.click(screen.getByRole('button', { name: 'View Calendar' }));
    const dialog = screen.getByRole('dialog', { name: 'Booking Calendar' });

    // Today has none, so it opens on the next day that has.
    expect(within(dialog).getByRole('heading', { name: 'Saturday 5 December 2026' })).toBeInTheDocument();
    let list = within(dialog).getByRole('list', { name: 'Bookings on Saturday 5 December 2026' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('12:00');
    expect(items[0]).toHaveTextContent('Ann One · £50');
    expect(items[0]).toHaveTextContent('Approved');
    expect(items[1]).toHaveTextContent('14:00');
    expect(items[1]).toHaveTextContent('Bea Two · £45');
    expect(items[1]).toHaveTextContent('Confirmed');

    expect(within(dialog).getByRole('button', { name: '5 December 2026, 2 bookings' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '8 December 2026, 1 booking' })).toBeInTheDocument();
    // Requests, counter offers and denied requests are not appointments: no mark.
    expect(within(dialog).getByRole('button', { name: '6 December 2026' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '12 December 2026' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '8 December 2026, 1 booking' }));
    list = within(dialog).getByRole('list', { name: 'Bookings on Tuesday 8 December 2026' });
    expect(list).toHaveTextContent('Cal Three');

    await user.click(within(dialog).getByRole('button', { name: '6 December 2026' }));
    expect(within(dialog).getByText('No bookings on this day.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByText('January 2027')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '10 January 2027, 1 booking' }));
    expect(
      within(dialog).getByRole('list', { name: 'Bookings on Sunday 10 January 2027' }),
    ).toHaveTextContent('Gus Seven');
  });
});
