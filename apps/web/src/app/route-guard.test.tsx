import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { availableTimes as bookingAvailableTimes } from '@/features/booking/testing/booking-wizard-fixtures';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import { BUSINESS_OR_ADMIN, CUSTOMER_ONLY, redirectForMismatch } from './route-guard';

const signedInAs = (userType: string) =>
  stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType)));

describe('route guard', () => {
  // A business's page is public (api-contract §9.1): only sending a request needs a sign-in.
  it.each(['/profile', '/admin?tab=hours'])(
    'sends a visitor without a token from %s to /login, to come back after signing in',
    async (route) => {
      const { router } = renderApp({ route });
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(new URLSearchParams(router.state.location.search).get('next')).toBe(route);
    },
  );

  it("shows 'Loading...' while the user type is unknown on a route that needs one", async () => {
    const details = deferred<Response>();
    stubFetch().on('GET', '/api/user/userdetails', () => details.promise);
    const { router } = renderApp({ route: '/profile', session: {} });

    // The route guard's 'Loading...' follows the first load's (HydrateFallback): the same words in a
    // new element, so the check finds and tests the element in one step rather than holding the first.
    await waitFor(() => expect(screen.getByText('Loading...')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');

    details.resolve(jsonResponse(200, userDetails('User')));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('lets any signed-in user open a booking without waiting for the type', async () => {
    stubFetch()
      .on('GET', '/api/user/userdetails', () => new Promise<Response>(() => {}))
      .on(
        'GET',
        '/api/booking/available-times',
        jsonResponse(
          200,
          bookingAvailableTimes({ id: 'business-1', BusinessDescription: '', minimumPrice: 25 }, []),
        ),
      );
    renderApp({ route: '/booking/business-1', session: {} });
    expect(await screen.findByRole('heading', { name: 'Date & Time' })).toBeInTheDocument();
  });

  it('sends a User on a Business-or-Admin route to /profile', async () => {
    signedInAs('User');
    const { router } = renderApp({ route: '/admin', session: {} });
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it.each(['Business', 'Admin'])('sends a %s on a User route to /admin', async (userType) => {
    signedInAs(userType);
    const { router } = renderApp({ route: '/profile', session: {} });
    expect(await screen.findByRole('heading', { name: 'Business Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends any other mismatch to /', async () => {
    signedInAs('Robot');
    const { router } = renderApp({ route: '/admin', session: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Request Now' })).toBeInTheDocument();
  });

  it.each([
    [
      'a server error',
      () => apiErrorResponse(500, 'InternalError', 'Something went wrong. Please try again.'),
    ],
    [
      'a network failure',
      (): Response => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("shows an error with 'Try again' after %s, staying on the route", async (_, failure) => {
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', failure)
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { router, user } = renderApp({ route: '/profile', session: {} });

    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(api.callsTo('GET', '/api/user/userdetails')).toHaveLength(2);
  });

  it('sends the user to /login when the lookup is a 401 and the session cannot be refreshed', async () => {
    stubFetch()
      .on(
        'GET',
        '/api/user/userdetails',
        apiErrorResponse(401, 'NotAuthorized', 'Missing or invalid access token.'),
      )
      .on(
        'POST',
        '/api/auth/refresh',
        apiErrorResponse(401, 'NotAuthorized', 'Invalid or expired refresh token.'),
      );
    const { router } = renderApp({ route: '/profile', session: {} });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
  });

  it('opens the route when the type is allowed', async () => {
    signedInAs('Admin');
    renderApp({ route: '/admin', session: {} });
    expect(await screen.findByRole('heading', { name: 'Business Dashboard' })).toBeInTheDocument();
  });

  it('decides each redirect by the rules of spec §2', () => {
    expect(redirectForMismatch('User', BUSINESS_OR_ADMIN)).toBe('/profile');
    expect(redirectForMismatch('Business', CUSTOMER_ONLY)).toBe('/admin');
    expect(redirectForMismatch('Admin', CUSTOMER_ONLY)).toBe('/admin');
    expect(redirectForMismatch(undefined, CUSTOMER_ONLY)).toBe('/');
    expect(redirectForMismatch('Business', ['Admin'])).toBe('/');
  });
});
