import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookingListCalls,
  businessBookingsApi,
  businessDetails,
} from '@/features/dashboard/testing/dashboard-fixtures';
import { bookingsResponse, makeBooking } from '@/features/profile/testing/profile-fixtures';
import { browserQueryClient, resetBrowserQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { saveSession } from '@/lib/session';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { clientLoader as adminLoader } from './routes/admin';
import { clientLoader as profileLoader } from './routes/profile';
import { signedInPageLoader } from './signed-in-page';

// A signed-in page reads the session's details and its own first data together: on a phone's
// network the page's data then arrives one round trip after its code, not two.

/** The user's details held back until the test answers them. */
function heldDetails(details: unknown) {
  const held = deferred<Response>();
  const api = stubFetch().on('GET', '/api/user/userdetails', () => held.promise);
  return { api, answer: () => held.resolve(jsonResponse(200, details)) };
}

describe('signed-in pages read their first data with the session', () => {
  it("a customer's /profile asks for their bookings, waiting list and unread messages before their details answer", async () => {
    const { api, answer } = heldDetails(userDetails('User'));
    const booking = makeBooking();
    api.on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([booking])));
    api.on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [] }));
    api.on('GET', '/api/booking/unread', jsonResponse(200, { total: 2, byBooking: { [booking.id]: 2 } }));
    renderApp({ route: '/profile', session: { accessToken: makeAccessToken({ userType: 'User' }) } });
    const firstReads = ['/api/booking/userbookings', '/api/booking/waitlist', '/api/booking/unread'];
    await waitFor(() => {
      for (const path of firstReads) expect(api.callsTo('GET', path), path).toHaveLength(1);
    });
    expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1);
    answer();
    expect(await screen.findByRole('tab', { name: 'Requested (1)' }, { timeout: 5000 })).toBeInTheDocument();
    // The page used the reads in flight: nothing was asked twice.
    for (const path of [...firstReads, '/api/user/userdetails'])
      expect(api.callsTo('GET', path), path).toHaveLength(1);
  });

  it("a business's /admin asks for Manage Requests' three lists before its details answer", async () => {
    const { api, answer } = heldDetails(businessDetails('Business'));
    api.on('GET', '/api/booking/getallbookings', businessBookingsApi([]).respond);
    api.on('GET', '/api/booking/unread', jsonResponse(200, { total: 0, byBooking: {} }));
    renderApp({ route: '/admin', session: { accessToken: makeAccessToken({ userType: 'Business' }) } });
    await waitFor(() => expect(bookingListCalls(api)).toHaveLength(3));
    expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(1);
    answer();
    expect(await screen.findByRole('button', { name: 'Pending: 0' }, { timeout: 5000 })).toBeInTheDocument();
    expect(bookingListCalls(api)).toHaveLength(3);
    expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(1);
  });

  it('reads no lists for a dashboard tab other than Manage Requests', async () => {
    const { api, answer } = heldDetails(businessDetails('Business'));
    api.on('GET', '/api/booking/getallbookings', businessBookingsApi([]).respond);
    renderApp({
      route: '/admin?tab=hours',
      session: { accessToken: makeAccessToken({ userType: 'Business' }) },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1));
    expect(bookingListCalls(api)).toHaveLength(0);
    answer();
  });

  it('reads nothing for a signed-out visitor, who is asked to sign in', async () => {
    const visitor = stubFetch();
    renderApp({ route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(visitor.calls).toHaveLength(0);
  });
});

/** A tab signed in as `userType` with an empty query cache, as a new tab has. */
function signedInTab(userType: 'User' | 'Business' | 'Admin') {
  saveSession(
    { accessToken: makeAccessToken({ userType }), refreshToken: 'refresh-token-1' },
    { rememberMe: false },
  );
  resetBrowserQueryClient();
  const api = stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType)))
    .on('GET', '/api/booking/unread', jsonResponse(200, { total: 0, byBooking: {} }))
    .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([])))
    .on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [] }));
  return api;
}

const load = (loader: (args: { request: Request }) => unknown, path: string) =>
  loader({ request: new Request(`http://localhost${path}`) });

describe("the signed-in pages' loaders", () => {
  it('start the unread count with the details, and not again while the tab keeps one', async () => {
    const api = signedInTab('Business');
    const loader = signedInPageLoader(() => {});
    load(loader, '/admin');
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1);
    // A later visit in the same tab, the kept count a minute old: the messages feature keeps it.
    await waitFor(() => expect(browserQueryClient().getQueryData(queryKeys.unreadMessages)).toBeDefined());
    browserQueryClient().setQueryData(
      queryKeys.unreadMessages,
      { total: 0, byBooking: {} },
      {
        updatedAt: Date.now() - 60_000,
      },
    );
    load(loader, '/admin');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(1);
  });

  it("/profile's reads the bookings and waiting list only for a customer on Profile & Bookings", async () => {
    const pageReads = (api: ReturnType<typeof stubFetch>) =>
      api.callsTo('GET', '/api/booking/userbookings').length +
      api.callsTo('GET', '/api/booking/waitlist').length;

    for (const userType of ['Business', 'Admin'] as const) {
      const api = signedInTab(userType);
      load(profileLoader, '/profile');
      await waitFor(() => expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1));
      expect(pageReads(api), userType).toBe(0);
    }

    const settings = signedInTab('User');
    load(profileLoader, '/profile?section=settings');
    await waitFor(() => expect(settings.callsTo('GET', '/api/user/userdetails')).toHaveLength(1));
    expect(pageReads(settings)).toBe(0);

    const bookings = signedInTab('User');
    load(profileLoader, '/profile?tab=approved');
    await waitFor(() => expect(pageReads(bookings)).toBe(2));

    // An unknown section opens Profile & Bookings, so its data is read.
    const unknown = signedInTab('User');
    load(profileLoader, '/profile?section=nonsense');
    await waitFor(() => expect(pageReads(unknown)).toBe(2));
  });

  it("/admin's reads Manage Requests' lists whenever the address opens that tab", async () => {
    const listReads = async (userType: 'Business' | 'Admin', path: string) => {
      const api = signedInTab(userType).on(
        'GET',
        '/api/booking/getallbookings',
        businessBookingsApi([]).respond,
      );
      load(adminLoader, path);
      await waitFor(() => expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return api.callsTo('GET', '/api/booking/getallbookings').length;
    };
    // Manage Requests opens: for no tab, an unknown one, and an Admin's own tab asked by a Business.
    expect(await listReads('Business', '/admin')).toBe(3);
    expect(await listReads('Business', '/admin?tab=nonsense')).toBe(3);
    expect(await listReads('Business', '/admin?tab=invite')).toBe(3);
    // Another tab opens: nothing is read for Manage Requests.
    expect(await listReads('Business', '/admin?tab=hours')).toBe(0);
    expect(await listReads('Admin', '/admin?tab=invite')).toBe(0);
  });
});
