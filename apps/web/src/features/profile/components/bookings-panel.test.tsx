import { CALENDAR_ERROR_FEEDBACK_MS, CALENDAR_FEEDBACK_MS, MESSAGES } from '@app/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { setCustomerBookingStatus } from '../api/cancel-booking';
import { bookingChanged, bookingsResponse, makeBooking, renderProfile } from '../testing/profile-fixtures';

// The fixtures' bookings are in December 2026: the clock stands before them, so they stay upcoming
// (Add to Calendar, Cancel) whatever day the suite runs. Tests about past bookings set their own time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const tab = (name: string) => screen.getByRole('tab', { name });
const card = (name: string) => screen.getByRole('article', { name });

const ALL_STATUSES = [
  makeBooking({
    id: 'a1',
    Status: 'Approved',
    BookingDateTime: '2026-12-05 10:00',
    BusinessName: 'Fade Factory',
  }),
  makeBooking({
    id: 'a2',
    Status: 'Approved',
    BookingDateTime: '2026-12-06 11:00',
    BusinessName: 'Clip Joint',
  }),
  makeBooking({
    id: 'r1',
    Status: 'Requested',
    BookingDateTime: '2026-12-07 09:00',
    BusinessName: 'Clip Joint',
  }),
  makeBooking({
    id: 'c1',
    Status: 'Countered',
    BookingDateTime: '2026-12-08 14:00',
    BusinessName: 'Bangor Barbers',
    Price: 40,
    OriginalPrice: 40,
    CounterPrice: 55,
  }),
  makeBooking({ id: 'x1', Status: 'Cancelled', BookingDateTime: '2026-12-09 15:00' }),
  makeBooking({
    id: 'd1',
    Status: 'Declined',
    BookingDateTime: '2026-12-10 15:00',
    OriginalPrice: 30,
    CounterPrice: 45,
  }),
  makeBooking({ id: 'n1', Status: 'Denied', BookingDateTime: '2026-12-11 16:00' }),
  makeBooking({
    id: 'f1',
    Status: 'Confirmed',
    BookingDateTime: '2026-12-12 12:00',
    BusinessName: 'Newry Cuts',
    IsHomeVisit: true,
    CustomerAddress: '1 Main Street, Newry, BT34 1AA',
    OriginalPrice: 40,
    CounterPrice: 60,
    FinalPrice: 60,
  }),
];

describe('bookings panel', () => {
  it('shows the five tabs and Past with their counts and the Confirmed Bookings section apart', async () => {
    const { user } = renderProfile({ bookings: ALL_STATUSES });
    expect(await screen.findByRole('tab', { name: 'Approved (2)' })).toBeInTheDocument();
    expect(tab('Past (0)')).toBeInTheDocument();
    expect(tab('Requested (1)')).toBeInTheDocument();
    expect(tab('Counter Offers (1)')).toBeInTheDocument();
    expect(tab('Cancelled (2)')).toBeInTheDocument();
    expect(tab('Denied (1)')).toBeInTheDocument();

    // A counter offer waits for the customer, so the panel opens there.
    expect(tab('Counter Offers (1)')).toHaveAttribute('aria-selected', 'true');

    const confirmed = screen.getByRole('region', { name: 'Confirmed Bookings' });
    const confirmedCard = within(confirmed).getByRole('article', {
      name: 'Newry Cuts, Sat 12 Dec 2026, 12:00',
    });
    expect(confirmedCard).toHaveTextContent('Confirmed');
    expect(confirmedCard).toHaveTextContent('£60 (counter offer accepted; you offered £40)');
    expect(confirmedCard).toHaveTextContent('Home visit: 1 Main Street, Newry, BT34 1AA');

    await user.click(tab('Approved (2)'));
    const approved = card('Fade Factory, Sat 5 Dec 2026, 10:00');
    expect(approved).toHaveTextContent('Ciaran Kelly');
    expect(approved).toHaveTextContent('£50');
    expect(approved).toHaveTextContent('At the shop');
    expect(within(approved).getByRole('button', { name: 'Add to Calendar' })).toBeInTheDocument();
    expect(card('Clip Joint, Sun 6 Dec 2026, 11:00')).toBeInTheDocument();

    // Declined bookings (a counter offer the customer turned down) show under Cancelled.
    await user.click(tab('Cancelled (2)'));
    const declined = card('Fade Factory, Thu 10 Dec 2026, 15:00');
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(declined).toHaveTextContent('Your offer: £30 · Counter offer: £45');
    // Its messages only: nothing left to do with it.
    expect(within(declined).getAllByRole('button')).toEqual([
      within(declined).getByRole('button', { name: 'Messages' }),
    ]);
    expect(within(card('Fade Factory, Wed 9 Dec 2026, 15:00')).getByText('Cancelled')).toBeInTheDocument();

    await user.click(tab('Denied (1)'));
    expect(within(card('Fade Factory, Fri 11 Dec 2026, 16:00')).getByText('Denied')).toBeInTheDocument();
  });

  it("puts only the open tab's cards into the page; another tab's go in when it is opened", async () => {
    const { user } = renderProfile({ bookings: ALL_STATUSES });
    await screen.findByRole('tab', { name: 'Approved (2)' });
    // The open tab (Counter Offers) and the Confirmed Bookings section: no hidden lists are drawn
    // while the page loads.
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(2));
    expect(
      screen.queryByRole('article', { name: 'Fade Factory, Sat 5 Dec 2026, 10:00', hidden: true }),
    ).toBeNull();

    await user.click(tab('Approved (2)'));
    expect(await screen.findByRole('article', { name: 'Fade Factory, Sat 5 Dec 2026, 10:00' })).toBeVisible();
  });

  it('shows the cached lists at once when the tab is opened again, with no skeleton in between', async () => {
    const { user } = renderProfile({ bookings: ALL_STATUSES });
    await screen.findByRole('tab', { name: 'Approved (2)' });
    await user.click(tab('Settings'));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Approved (2)' })).toBeNull());

    // Every element put into or taken out of the page while the tab opens: a skeleton shown for a
    // moment is gone again before the test looks, but its removal is on record.
    const skeletons: Element[] = [];
    const collect = (records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of [...record.addedNodes, ...record.removedNodes]) {
          if (!(node instanceof Element)) continue;
          skeletons.push(...node.querySelectorAll('[aria-label="Loading your bookings"]'));
          if (node.matches('[aria-label="Loading your bookings"]')) skeletons.push(node);
        }
      }
    };
    const observer = new MutationObserver(collect);
    observer.observe(document.body, { childList: true, subtree: true });
    await user.click(tab('Profile & Bookings'));
    expect(await screen.findByRole('tab', { name: 'Approved (2)' })).toBeInTheDocument();
    collect(observer.takeRecords());
    observer.disconnect();
    expect(skeletons).toEqual([]);
  });

  it("offers 'Browse Businesses' when there are no bookings at all", async () => {
    const { user, router } = renderProfile({ bookings: [] });
    expect(await screen.findByText('You have no bookings yet.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Approved/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirmed Bookings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse Businesses' }));
    expect(router.state.location.pathname).toBe('/businesses');
  });

  it('says when a tab is empty', async () => {
    const { user } = renderProfile({ bookings: [makeBooking({ Status: 'Requested' })] });
    await user.click(await screen.findByRole('tab', { name: 'Denied (0)' }));
    expect(screen.getByText('No denied requests.')).toBeInTheDocument();
    expect(screen.getByText(/No confirmed bookings yet/)).toBeInTheDocument();
  });

  it('cancels a Requested booking only after two confirmations', async () => {
    const requested = makeBooking({ id: 'r1', businessId: 'biz-9', Status: 'Requested' });
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([requested])))
      .on(
        'GET',
        '/api/booking/userbookings',
        jsonResponse(200, bookingsResponse([{ ...requested, Status: 'Cancelled' }])),
      )
      .on('PATCH', '/api/booking/setstatus', jsonResponse(200, bookingChanged('Cancelled', requested)));
    const { user } = renderProfile({ api });

    const requestCard = await screen.findByRole('article', { name: 'Fade Factory, Sat 5 Dec 2026, 10:00' });
    await user.click(within(requestCard).getByRole('button', { name: 'Cancel Request' }));

    // First confirmation: backing out sends nothing.
    let dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Request' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(requestCard).getByRole('button', { name: 'Cancel Request' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel It' }));
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(0);

    // Second confirmation sends it.
    dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/booking/setstatus')[0]!.body).toEqual({
      businessId: 'biz-9',
      bookingId: 'r1',
      status: 'Cancelled',
    });
    expect(await screen.findByText('Booking request cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(tab('Requested (0)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses, before any request, a customer status other than Requested or Cancelled', async () => {
    const api = stubFetch();
    await expect(
      setCustomerBookingStatus({ businessId: 'b', bookingId: 'x', status: 'Approved' }),
    ).rejects.toThrow(
      'Invalid status: Approved. Allowed statuses are: Requested, Approved, Denied, Countered, Confirmed, Declined, Cancelled',
    );
    expect(api.calls).toHaveLength(0);
  });

  it("shows 'Failed to update booking' with the server message when cancelling fails", async () => {
    const api = stubFetch().on(
      'PATCH',
      '/api/booking/setstatus',
      apiErrorResponse(409, 'InvalidTransition', 'Cannot change booking from Approved to Cancelled'),
    );
    const { user } = renderProfile({ api, bookings: [makeBooking({ Status: 'Requested' })] });
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel It' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));

    expect(await screen.findByText(MESSAGES.failedToUpdateBooking)).toBeInTheDocument();
    expect(screen.getByText('Cannot change booking from Approved to Cancelled')).toBeInTheDocument();
  });

  it('accepts a counter offer at the counter price', async () => {
    const countered = ALL_STATUSES.find((booking) => booking.id === 'c1')!;
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([countered])))
      .on(
        'GET',
        '/api/booking/userbookings',
        jsonResponse(200, bookingsResponse([{ ...countered, Status: 'Confirmed', FinalPrice: 55 }])),
      )
      .on('PATCH', '/api/booking/respond-to-counter', jsonResponse(200, bookingChanged('ok', countered)));
    const { user } = renderProfile({ api });

    const offer = await screen.findByRole('article', { name: 'Bangor Barbers, Tue 8 Dec 2026, 14:00' });
    expect(offer).toHaveTextContent('Your offer: £40 · Counter offer: £55');
    await user.click(within(offer).getByRole('button', { name: 'Accept £55' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')[0]!.body).toEqual({
      businessId: 'business-1',
      bookingId: 'c1',
      response: 'Accepted',
    });
    const confirmed = await screen.findByRole('region', { name: 'Confirmed Bookings' });
    expect(
      await within(confirmed).findByRole('article', { name: 'Bangor Barbers, Tue 8 Dec 2026, 14:00' }),
    ).toBeInTheDocument();
    expect(tab('Counter Offers (0)')).toBeInTheDocument();
  });

  it('declines a counter offer', async () => {
    const countered = ALL_STATUSES.find((booking) => booking.id === 'c1')!;
    const api = stubFetch()
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([countered])))
      .on(
        'GET',
        '/api/booking/userbookings',
        jsonResponse(200, bookingsResponse([{ ...countered, Status: 'Declined' }])),
      )
      .on('PATCH', '/api/booking/respond-to-counter', jsonResponse(200, bookingChanged('ok', countered)));
    const { user } = renderProfile({ api });

    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')[0]!.body).toMatchObject({
      response: 'Declined',
    });
    expect(await screen.findByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
  });

  it("shows 'Failed to update booking' when answering a counter offer fails without a message", async () => {
    const api = stubFetch().on(
      'PATCH',
      '/api/booking/respond-to-counter',
      new Response('oops', { status: 500 }),
    );
    const { user } = renderProfile({ api, bookings: [ALL_STATUSES.find((b) => b.id === 'c1')!] });
    await user.click(await screen.findByRole('button', { name: 'Accept £55' }));
    expect(await screen.findByText(MESSAGES.failedToUpdateBooking)).toBeInTheDocument();
  });

  it("shows 'Failed to load data' with a retry when the bookings cannot load", async () => {
    const api = stubFetch().fail(
      'GET',
      '/api/booking/userbookings',
      apiErrorResponse(500, 'InternalError', 'Boom'),
    );
    const { user } = renderProfile({ api, bookings: [makeBooking()] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.failedToLoadData);
    api.recover('GET', '/api/booking/userbookings');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Requested (1)' })).toBeInTheDocument();
  });
});

/** Blob text through FileReader (jsdom's Blob has no text()). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('add to calendar', () => {
  // The button loads the calendar's code as a chunk of its own; its first import under Vitest
  // (transforming the iCalendar package) takes seconds, so it is imported once before these tests.
  beforeAll(async () => {
    await import('../utils/calendar');
  }, 30_000);

  const approved = makeBooking({ Status: 'Approved', BookingDateTime: '2026-12-05 10:00' });

  it('downloads the .ics file on a desktop and shows the success note for 5 seconds', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; these two stand in for the browser's for this test only.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:calendar';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('appointment-2026-12-05.ics');
    });
    const { user } = renderProfile({ bookings: [approved] });
    const button = await screen.findByRole('button', { name: 'Add to Calendar' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button);
    // The calendar's code is its own chunk: the first tap may wait for it.
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8');
    const ics = await readBlob(blobs[0]!);
    expect(ics).toContain('DTSTART:20261205T100000Z');
    expect(ics).toContain('DTEND:20261205T110000Z');
    // Where the emails' booking.ics puts a shop visit: the business's name and address.
    expect(ics.replace(/\r\n /g, '')).toContain(
      'LOCATION:Fade Factory\\, 12 Bridge Street\\, Lisburn\\, BT28 1XY',
    );

    expect(screen.getByText(/Calendar file downloaded/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CALENDAR_FEEDBACK_MS - 100));
    expect(screen.getByText(/Calendar file downloaded/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(/Calendar file downloaded/)).not.toBeInTheDocument();
  });

  it('opens Google Calendar on Android', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const { user } = renderProfile({ bookings: [approved] });
    await user.click(await screen.findByRole('button', { name: 'Add to Calendar' }));

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const url = new URL(open.mock.calls[0]![0] as string);
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20261205T100000Z/20261205T110000Z');
    expect(screen.getByText(/Google Calendar opened/)).toBeInTheDocument();
  });

  it("shows 'Failed to add to calendar. Please try again.' for 3 seconds when it fails", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14)');
    vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile({ bookings: [approved] });
    const button = await screen.findByRole('button', { name: 'Add to Calendar' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(button);
    expect(
      await screen.findByText(MESSAGES.failedToAddToCalendar, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CALENDAR_ERROR_FEEDBACK_MS - 100));
    expect(screen.getByText(MESSAGES.failedToAddToCalendar)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(MESSAGES.failedToAddToCalendar)).not.toBeInTheDocument();
  });
});

describe('after sending a request', () => {
  it('opens the Requested tab with the new request in view and focus, even with a counter offer waiting', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderProfile({
      bookings: ALL_STATUSES,
      route: '/profile?tab=requested&booking=r1',
    });

    expect(await screen.findByRole('tab', { name: 'Requested (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const newRequest = card('Clip Joint, Mon 7 Dec 2026, 09:00');
    await waitFor(() => expect(newRequest).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(newRequest);
    expect(newRequest).toHaveAttribute('data-highlighted');
  });

  it("an email's link (?booking=ID) opens the tab that holds the booking now, with its card in view", async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderProfile({
      bookings: [
        ...ALL_STATUSES,
        makeBooking({
          id: 'v1',
          Status: 'Approved',
          BookingDateTime: '2026-11-10 10:00',
          BusinessName: 'Old Cuts',
        }),
      ],
      route: '/profile?booking=v1',
    });
    // The visit was Approved when the email went; its hour is over, so it is under Past.
    expect(await screen.findByRole('tab', { name: 'Past (1)' })).toHaveAttribute('aria-selected', 'true');
    const visit = card('Old Cuts, Tue 10 Nov 2026, 10:00');
    await waitFor(() => expect(visit).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(visit);
  });

  it('an email about a Confirmed booking brings its card into view in its own section', async () => {
    renderProfile({ bookings: ALL_STATUSES, route: '/profile?booking=f1' });
    const confirmed = await screen.findByRole('article', { name: 'Newry Cuts, Sat 12 Dec 2026, 12:00' });
    await waitFor(() => expect(confirmed).toHaveFocus());
    expect(confirmed).toHaveAttribute('data-highlighted');
  });

  it('opens on the counter offer, with nothing highlighted, on an ordinary visit', async () => {
    renderProfile({ bookings: ALL_STATUSES });
    expect(await screen.findByRole('tab', { name: 'Counter Offers (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(document.querySelector('[data-highlighted]')).toBeNull();
  });
});

describe('empty tabs', () => {
  it("offers 'Browse Businesses' in an empty tab", async () => {
    const { user, router } = renderProfile({ bookings: [makeBooking({ Status: 'Requested' })] });
    await user.click(await screen.findByRole('tab', { name: 'Approved (0)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Approved (0)' });
    expect(within(panel).getByText('No approved bookings.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: 'Browse Businesses' }));
    expect(router.state.location.pathname).toBe('/businesses');
  });
});

describe('past appointments', () => {
  it('offers Add to Calendar only for approved and confirmed bookings that have not started', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T12:00:00Z'));
    const { user } = renderProfile({
      bookings: [
        makeBooking({
          id: 'p1',
          Status: 'Approved',
          BookingDateTime: '2026-12-05 10:00',
          BusinessName: 'Past Cuts',
        }),
        makeBooking({
          id: 'p2',
          Status: 'Confirmed',
          BookingDateTime: '2026-12-01 09:00',
          BusinessName: 'Old Fades',
        }),
        makeBooking({
          id: 'u1',
          Status: 'Approved',
          BookingDateTime: '2026-12-06 10:00',
          BusinessName: 'Next Cuts',
        }),
      ],
    });

    const upcoming = await screen.findByRole('article', { name: 'Next Cuts, Sun 6 Dec 2026, 10:00' });
    expect(within(upcoming).getByRole('button', { name: 'Add to Calendar' })).toBeInTheDocument();
    // The visits that have ended are under Past.
    await user.click(screen.getByRole('tab', { name: 'Past (2)' }));
    const past = card('Past Cuts, Sat 5 Dec 2026, 10:00');
    expect(past).toHaveTextContent('(past)');
    expect(within(past).queryByRole('button', { name: 'Add to Calendar' })).not.toBeInTheDocument();
    const confirmed = card('Old Fades, Tue 1 Dec 2026, 09:00');
    expect(within(confirmed).queryByRole('button', { name: 'Add to Calendar' })).not.toBeInTheDocument();
  });
});

describe('double taps', () => {
  const countered = ALL_STATUSES.find((booking) => booking.id === 'c1')!;

  it('sends one cancellation for a double tap on Confirm Cancellation', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('PATCH', '/api/booking/setstatus', () => response.promise);
    const { user } = renderProfile({ api, bookings: [makeBooking({ Status: 'Requested' })] });
    await user.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel It' }));

    const confirm = screen.getByRole('button', { name: 'Confirm Cancellation' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    response.resolve(jsonResponse(200, bookingChanged('Cancelled', makeBooking())));

    expect(await screen.findByText('Booking request cancelled')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(1);
  });

  it('sends one answer when Accept is tapped twice, or Accept then Decline, before the page updates', async () => {
    const response = deferred<Response>();
    const api = stubFetch().on('PATCH', '/api/booking/respond-to-counter', () => response.promise);
    renderProfile({ api, bookings: [countered] });

    const accept = await screen.findByRole('button', { name: 'Accept £55' });
    fireEvent.click(accept);
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    response.resolve(jsonResponse(200, bookingChanged('ok', countered)));

    expect(await screen.findByText(/Counter offer accepted/)).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')).toHaveLength(1);
    expect(api.callsTo('PATCH', '/api/booking/respond-to-counter')[0]!.body).toMatchObject({
      response: 'Accepted',
    });
  });
});
