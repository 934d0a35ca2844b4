import { DASHBOARD_PAGE_SIZE, MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { matchMediaQuery } from '@/testing/media-query';
import {
  bookingChanged,
  bookingListCalls,
  FIRST_RENDER,
  fixToday,
  makeAwayDate,
  makeBooking,
  renderDashboard,
  requestListsComplete,
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
  await requestListsComplete();
  return rendered;
}

const { pending: PENDING_PAGE, upcoming: UPCOMING_PAGE, history: HISTORY_PAGE } = DASHBOARD_PAGE_SIZE;
/** The first page of each list, as Manage Requests asks for it (today being TODAY). */
const PENDING_QUERY = `status=Requested,Countered&limit=${PENDING_PAGE}`;
const UPCOMING_QUERY = `from=2026-12-01&status=Approved,Confirmed&limit=${UPCOMING_PAGE}`;
const HISTORY_QUERY = `status=Approved,Confirmed,Denied,Declined,Cancelled&limit=${HISTORY_PAGE}`;

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
    expect(within(offer).getAllByRole('button')).toEqual([
      within(offer).getByRole('button', { name: 'Messages' }),
    ]);

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
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(6));
    expect(within(list).queryByRole('article', { name: /Gus Seven/ })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Ann One, Sat 5 Dec 2026, 12:00');

    await user.click(within(list).getByRole('button', { name: 'Show all 7' }));
    expect(within(list).getAllByRole('article')).toHaveLength(7);
    await user.click(within(list).getByRole('button', { name: 'Show first 6' }));
    expect(within(list).getAllByRole('article')).toHaveLength(6);
  });

  it("an email's link (?booking=ID) shows that booking's card, past the first 6, in view and focus", async () => {
    fixToday(TODAY);
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const gus = ALL.find((booking) => booking.customerName === 'Gus Seven')!;
    renderDashboard({ bookings: ALL, route: `/admin?tab=requests&booking=${gus.id}` });
    const list = await screen.findByRole('region', { name: /^Approved/ }, FIRST_RENDER);
    const card = await within(list).findByRole('article', { name: /Gus Seven/ });
    await waitFor(() => expect(card).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(card);
    expect(card).toHaveAttribute('data-highlighted');
    expect(within(list).getByRole('button', { name: 'Show first 6' })).toBeInTheDocument();
  });

  it('caps the Denied list at 6 too', async () => {
    fixToday(TODAY);
    const denied = Array.from({ length: 8 }, (_, index) =>
      makeBooking({ id: `x${index}`, Status: 'Denied', BookingDateTime: `2026-11-${10 + index} 10:00` }),
    );
    const { user } = await openRequests(denied);
    const list = section(/^Denied/);
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(6));
    await user.click(within(list).getByRole('button', { name: 'Show all 8' }));
    expect(within(list).getAllByRole('article')).toHaveLength(8);
  });

  it('approves a request after saying what that does; the toast names it and it shows under Approved', async () => {
    fixToday(TODAY);
    const approvedNow = { ...requested, Status: 'Approved' as const };
    const { user, api, server } = await openRequests([requested]);
    api.on('PATCH', '/api/booking/setstatus', () => {
      server.set([approvedNow]);
      return jsonResponse(200, bookingChanged('Approved', approvedNow));
    });
    const before = bookingListCalls(api).length;

    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Approve' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    expect(dialog).toHaveTextContent(
      'Approve Aoife Byrne’s request for Sat 5 Dec 2026, 10:00 at £50? Aoife Byrne will be emailed that it is approved, with a calendar entry. You can still cancel it later, with a reason.',
    );
    // Backing out changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Not Yet' }));
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(0);
    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Approve' }),
    );
    await user.click(screen.getByRole('button', { name: 'Approve Request' }));
    expect(await screen.findByText('Approved: Aoife Byrne, Sat 5 Dec 2026, 10:00')).toBeInTheDocument();
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
    // The approval is read back: the pending and upcoming lists (and the history) again.
    expect(bookingListCalls(api).slice(before).sort()).toEqual([
      UPCOMING_QUERY,
      HISTORY_QUERY,
      PENDING_QUERY,
    ]);
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
    await user.click(screen.getByRole('button', { name: 'Approve Request' }));
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

  it('says when a counter offer is less than the customer offered, and lets it go (issue 29, item 13)', async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.on('PATCH', '/api/booking/counter', jsonResponse(200, bookingChanged('Countered', requested)));
    await user.click(
      within(card('Aoife Byrne, Sat 5 Dec 2026, 10:00')).getByRole('button', { name: 'Counter' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Counter Offer' });
    const price = within(dialog).getByRole('textbox', { name: 'Counter price (£)' });
    await user.click(price);
    await user.paste('45');
    expect(within(dialog).getByRole('status')).toHaveTextContent('That is less than Aoife offered (£50)');
    await user.clear(price);
    await user.paste('55');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.clear(price);
    await user.paste('45');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    expect(await screen.findByText('Counter offer of £45 sent')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/counter')[0]!.body).toMatchObject({ newPrice: 45 });
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
    // The booking lists cannot load until the server recovers.
    const api = stubFetch().fail(
      'GET',
      '/api/booking/getallbookings',
      apiErrorResponse(500, 'InternalError', 'Something went wrong'),
    );
    const { user } = renderDashboard({ api, bookings: [requested] });
    expect(await screen.findByText(MESSAGES.failedToLoadData, {}, FIRST_RENDER)).toBeInTheDocument();
    api.recover('GET', '/api/booking/getallbookings');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pending: 1' })).toBeInTheDocument();
  });
});

describe('Manage Requests at scale (api-contract §8.5)', () => {
  it('asks only for what it shows: pending work, appointments from today and the history’s first page', async () => {
    fixToday(TODAY);
    const { api } = await openRequests();
    expect(bookingListCalls(api).sort()).toEqual([UPCOMING_QUERY, HISTORY_QUERY, PENDING_QUERY]);
  });

  it('pages the history with Show older, to its end, each booking once', async () => {
    fixToday(TODAY);
    // 25 ended requests, newest first by when they were made; and an appointment that is past.
    const denied = Array.from({ length: 25 }, (_, index) =>
      makeBooking({
        id: `x${String(index).padStart(2, '0')}`,
        Status: index % 2 ? 'Denied' : 'Cancelled',
        BookingDateTime: `2026-11-${String(index + 1).padStart(2, '0')} 10:00`,
        CreatedAt: `2026-10-${String(index + 1).padStart(2, '0')}T09:00:00.000Z`,
        customerName: `Customer ${index}`,
      }),
    );
    const past = makeBooking({
      id: 'p1',
      Status: 'Approved',
      BookingDateTime: '2026-11-20 09:00',
      CreatedAt: '2026-09-01T09:00:00.000Z',
      customerName: 'Past Visit',
    });
    const { user, api } = await openRequests([...denied, past, approved[0]!]);
    // The first page holds the newest (Ann One's upcoming appointment among them, shown from the
    // upcoming list): the counts say more may follow.
    const firstEnded = HISTORY_PAGE - 1;
    expect(screen.getByRole('button', { name: `Denied: ${firstEnded}+` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approved: 1+' })).toBeInTheDocument();
    const list = section(/^Denied/);
    expect(within(list).getByRole('heading', { name: `Denied (${firstEnded}+)` })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(6));
    expect(within(list).queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `Show all ${firstEnded}` }));
    expect(within(list).getAllByRole('article')).toHaveLength(firstEnded);

    // A page at a time, to the end.
    for (;;) {
      const older = within(list).queryByRole('button', { name: 'Show older' });
      if (!older) break;
      const shown = within(list).getAllByRole('article').length;
      await user.click(older);
      await waitFor(() => expect(within(list).getAllByRole('article').length).toBeGreaterThan(shown));
    }
    expect(within(list).getAllByRole('article')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Denied: 25' })).toBeInTheDocument();
    const names = within(list)
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(25);
    // Latest first, as before.
    expect(names[0]).toBe('Customer 24, Wed 25 Nov 2026, 10:00');
    expect(names[24]).toBe('Customer 0, Sun 1 Nov 2026, 10:00');
    // The past appointment came with the last page: under Approved, after the upcoming one.
    expect(
      within(section(/^Approved/))
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Ann One, Sat 5 Dec 2026, 12:00', 'Past Visit, Fri 20 Nov 2026, 09:00']);
    expect(screen.getByRole('button', { name: 'Approved: 2' })).toBeInTheDocument();

    // 27 bookings in the history, each page asked for once, its cursor the previous page's.
    const history = bookingListCalls(api).filter((query) => query.includes('Cancelled'));
    expect(history).toEqual(
      Array.from({ length: Math.ceil(27 / HISTORY_PAGE) }, (_, page) =>
        page === 0 ? HISTORY_QUERY : `${HISTORY_QUERY}&cursor=${page * HISTORY_PAGE}`,
      ),
    );
  });

  it('shows Show older straight away when the loaded history fits in the first 6', async () => {
    fixToday(TODAY);
    // A history page of appointments from today on and 3 ended requests: the history's first page
    // is all appointments (the later ones are the upcoming list's), its second holds the ended ones.
    const upcoming = Array.from({ length: HISTORY_PAGE }, (_, index) =>
      makeBooking({
        id: `u${String(index).padStart(2, '0')}`,
        Status: 'Approved',
        BookingDateTime: `2026-12-${String(index + 2).padStart(2, '0')} 09:00`,
        CreatedAt: '2026-11-30T09:00:00.000Z',
      }),
    );
    const older = [1, 2, 3].map((day) =>
      makeBooking({
        id: `d${day}`,
        Status: 'Denied',
        BookingDateTime: `2026-11-0${day} 10:00`,
        CreatedAt: `2026-10-0${day}T09:00:00.000Z`,
        customerName: `Old ${day}`,
      }),
    );
    const { user } = await openRequests([...upcoming, ...older]);
    const list = section(/^Denied/);
    expect(within(list).queryAllByRole('article')).toHaveLength(0);
    expect(within(list).queryByText('No denied requests.')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Denied: 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Approved: ${HISTORY_PAGE}` })).toBeInTheDocument();
  });

  it('loads more pending requests a page at a time', async () => {
    fixToday(TODAY);
    const many = Array.from({ length: PENDING_PAGE + 7 }, (_, index) =>
      makeBooking({
        id: `r${String(index).padStart(2, '0')}`,
        Status: 'Requested',
        BookingDateTime: `2026-12-${String((index % 27) + 2).padStart(2, '0')} 10:00`,
        customerName: `Asker ${index}`,
      }),
    );
    const { user, api } = await openRequests(many);
    expect(screen.getByRole('button', { name: `Pending: ${PENDING_PAGE}+` })).toBeInTheDocument();
    const list = section(/^Pending/);
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(PENDING_PAGE));
    await user.click(within(list).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(PENDING_PAGE + 7));
    expect(screen.getByRole('button', { name: `Pending: ${PENDING_PAGE + 7}` })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(bookingListCalls(api).filter((query) => query.startsWith('status=Requested'))).toEqual([
      PENDING_QUERY,
      `${PENDING_QUERY}&cursor=${PENDING_PAGE}`,
    ]);
  });

  it('says so when an older page cannot be loaded, and the button tries again', async () => {
    fixToday(TODAY);
    const denied = Array.from({ length: HISTORY_PAGE + 1 }, (_, index) =>
      makeBooking({
        id: `x${String(index).padStart(2, '0')}`,
        Status: 'Denied',
        BookingDateTime: `2026-11-${String(index + 1).padStart(2, '0')} 10:00`,
        CreatedAt: `2026-10-${String(index + 1).padStart(2, '0')}T09:00:00.000Z`,
      }),
    );
    const { user, api } = await openRequests(denied);
    const list = section(/^Denied/);
    await user.click(within(list).getByRole('button', { name: `Show all ${HISTORY_PAGE}` }));
    const fail = apiErrorResponse(500, 'InternalError', 'Something went wrong');
    const original = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementationOnce(async () => fail);
    await user.click(within(list).getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent(MESSAGES.failedToLoadData);
    api.fetch.mockImplementation(original);
    await user.click(within(list).getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(HISTORY_PAGE + 1));
    expect(within(list).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('booking calendar', () => {
  it("marks the days with approved or confirmed bookings and lists a chosen day's bookings", async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests();
    await user.click(screen.getByRole('button', { name: 'View Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Calendar' }, FIRST_RENDER);

    // Today has none, so it opens on the next day that has.
    expect(within(dialog).getByRole('heading', { name: 'Saturday 5 December 2026' })).toBeInTheDocument();
    let list = await within(dialog).findByRole('list', { name: 'Bookings on Saturday 5 December 2026' });
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

    // It reads the month it shows: December's appointments, then January's when it turns.
    expect(bookingListCalls(api).filter((query) => query.includes('to='))).toEqual([
      'from=2026-12-01&to=2026-12-31&status=Approved,Confirmed&limit=1000',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByText('January 2027')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: '10 January 2027, 1 booking' }));
    expect(
      within(dialog).getByRole('list', { name: 'Bookings on Sunday 10 January 2027' }),
    ).toHaveTextContent('Gus Seven');
    expect(bookingListCalls(api).filter((query) => query.includes('to='))).toEqual([
      'from=2026-12-01&to=2026-12-31&status=Approved,Confirmed&limit=1000',
      'from=2027-01-01&to=2027-01-31&status=Approved,Confirmed&limit=1000',
    ]);
  });

  it('marks the days the business is away, with its reason, and the bookings it kept there (issue 29)', async () => {
    fixToday(TODAY);
    const { user } = renderDashboard({
      bookings: ALL,
      profile: {
        awayDates: [
          makeAwayDate({ startDate: '2026-12-05', endDate: '2026-12-06', reason: 'Family wedding' }),
        ],
      },
    });
    await screen.findByRole('button', { name: /^Pending: / }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'View Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Calendar' }, FIRST_RENDER);
    const kept = await within(dialog).findByRole('button', { name: '5 December 2026, away, 2 bookings' });
    expect(kept).toHaveAttribute('data-away');
    expect(
      within(dialog).getByText(
        'You are away: Family wedding. Customers cannot book this day; the bookings below stay agreed.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('A striped day is one you are away.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '6 December 2026, away' }));
    expect(
      within(dialog).getByText('You are away: Family wedding. Customers cannot book this day.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '7 December 2026' })).not.toHaveAttribute('data-away');
  });

  it('shows a team’s day a column per barber on a wide screen, each booking with its service and length', async () => {
    fixToday(TODAY);
    const restore = matchMediaQuery('(min-width: 62em)');
    try {
      const fade = {
        ServiceName: 'Skin fade',
        DurationMinutes: 30,
        EndDateTime: '2026-12-05 12:30',
        MemberID: 'conor',
        MemberName: 'Conor',
      };
      const team = [
        { id: 'conor', name: 'Conor', serviceIds: ['fade'], availability: null },
        { id: 'niamh', name: 'Niamh', serviceIds: ['fade'], availability: null },
        {
          id: 'ryan',
          name: 'Ryan',
          serviceIds: ['fade'],
          availability: null,
          awayDates: [{ startDate: '2026-12-05', endDate: '2026-12-06', reason: 'Holiday' }],
        },
      ];
      const bookings = ALL.map((booking) =>
        booking.id === 'a1'
          ? { ...booking, ...fade }
          : booking.id === 'a2'
            ? { ...booking, MemberID: 'niamh', MemberName: 'Niamh' }
            : booking,
      );
      const { user } = await openRequests(
        bookings,
        stubFetch().on('GET', '/api/user/team', jsonResponse(200, { team })),
      );
      await user.click(screen.getByRole('button', { name: 'View Calendar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Booking Calendar' }, FIRST_RENDER);
      const day = await within(dialog).findByRole('region', { name: 'Bookings on Saturday 5 December 2026' });
      const conor = within(day).getByRole('region', { name: 'Conor: 1 booking' });
      expect(conor).toHaveTextContent('12:00–12:30');
      expect(conor).toHaveTextContent('Skin fade · 30 min · with Conor');
      expect(within(day).getByRole('region', { name: 'Niamh: 1 booking' })).toHaveTextContent('Bea Two');
      // His own day away, said so rather than 'free'.
      expect(within(day).getByRole('region', { name: 'Ryan: 0 bookings' })).toHaveTextContent('Away.');
    } finally {
      restore();
    }
  });

  it('opens on today when it has no appointments ahead, and says when a day cannot be read', async () => {
    fixToday(TODAY);
    const { user, api } = await openRequests([requested]);
    api.fetch.mockImplementationOnce(async () =>
      apiErrorResponse(500, 'InternalError', 'Something went wrong'),
    );
    await user.click(screen.getByRole('button', { name: 'View Calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Calendar' }, FIRST_RENDER);
    expect(within(dialog).getByRole('heading', { name: 'Tuesday 1 December 2026' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.failedToLoadData);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No bookings on this day.')).toBeInTheDocument();
  });
});

describe('approving at a shop with a team (api-contract §9.3)', () => {
  it('names the barber who does it, or leaves it to the first free one', async () => {
    fixToday(TODAY);
    const fade = { ...requested, ServiceID: 'fade', ServiceName: 'Skin fade', DurationMinutes: 30 };
    const api = stubFetch().on(
      'GET',
      '/api/user/team',
      jsonResponse(200, {
        team: [
          { id: 'orla', name: 'Orla', serviceIds: ['fade', 'colour'], availability: null },
          { id: 'sam', name: 'Sam', serviceIds: ['fade'], availability: null },
          { id: 'alex', name: 'Alex', serviceIds: ['colour'], availability: null },
        ],
      }),
    );
    const { user } = await openRequests([fade], api);
    api.on('PATCH', '/api/booking/setstatus', jsonResponse(200, bookingChanged('Approved', fade)));
    const card = within(section(/^Pending/)).getByRole('article', {
      name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00',
    });
    expect(card).toHaveTextContent('Skin fade · 30 min');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    const barber = await within(dialog).findByRole('combobox', { name: 'Barber' });
    // Only those who do fades; the first free one unless the business says otherwise.
    expect(
      within(barber)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['First free barber', 'Orla', 'Sam']);
    expect(barber).toHaveValue('first-free');
    await user.selectOptions(barber, 'Sam');
    await user.click(within(dialog).getByRole('button', { name: 'Approve Request' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/booking/setstatus')[0]?.body).toEqual({
        businessId: 'business-1',
        bookingId: 'r1',
        status: 'Approved',
        memberId: 'sam',
      }),
    );
  });
});
