import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '@/lib/session';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { prefetchRouteData } from './routes';

// main.tsx calls prefetchRouteData before React renders: the first page's data must not wait for the
// page's code, the route guard and the profile lookup (issue 9, first paint).

const signInAs = (userType: 'User' | 'Business' | 'Admin') =>
  saveSession(
    { accessToken: makeAccessToken({ userType }), refreshToken: 'refresh-1' },
    { rememberMe: false },
  );

const waitForCalls = () => new Promise((resolve) => setTimeout(resolve, 20));

function stubApi() {
  return stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on('GET', '/api/booking/userbookings', jsonResponse(200, { requests: [], bookings: [] }))
    .on('GET', '/api/booking/getallbookings', jsonResponse(200, { bookings: [], nextCursor: null }))
    .on('GET', '/api/booking/businesses', jsonResponse(200, { businesses: [] }));
}

afterEach(() => clearSession());

describe('prefetchRouteData (the first page load)', () => {
  it("asks for a customer's profile and bookings on /profile at once, together", async () => {
    signInAs('User');
    const api = stubApi();
    prefetchRouteData(createQueryClient(), '/profile');
    await waitForCalls();
    expect(api.calls.map((call) => call.path).sort()).toEqual([
      '/api/booking/userbookings',
      '/api/user/userdetails',
    ]);
  });

  it("asks for a business's requests on /admin, but not on another dashboard tab", async () => {
    signInAs('Business');
    const api = stubApi();
    prefetchRouteData(createQueryClient(), '/admin', '');
    await waitForCalls();
    // Only what Manage Requests shows (api-contract §8.5): pending work, appointments from today on,
    // and the history's first page.
    expect(
      api
        .callsTo('GET', '/api/booking/getallbookings')
        .map((call) => call.query.get('status'))
        .sort(),
    ).toEqual(['Approved,Confirmed', 'Approved,Confirmed,Denied,Declined,Cancelled', 'Requested,Countered']);
    expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(1);

    const other = stubApi();
    prefetchRouteData(createQueryClient(), '/admin', '?tab=hours');
    await waitForCalls();
    expect(other.callsTo('GET', '/api/booking/getallbookings')).toHaveLength(0);
  });

  it("fetches no page data that the token's account type may not open", async () => {
    signInAs('Business');
    const api = stubApi();
    prefetchRouteData(createQueryClient(), '/profile');
    await waitForCalls();
    expect(api.callsTo('GET', '/api/booking/userbookings')).toHaveLength(0);
  });

  it('asks a visitor for public data only', async () => {
    const api = stubApi();
    prefetchRouteData(createQueryClient(), '/businesses');
    await waitForCalls();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/booking/businesses']);

    const signedOut = stubApi();
    prefetchRouteData(createQueryClient(), '/profile');
    await waitForCalls();
    expect(signedOut.calls).toHaveLength(0);
  });
});
