import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import { BUSINESS_OR_ADMIN, CUSTOMER_ONLY, redirectForMismatch } from './route-guard';

const signedInAs = (userType: string) =>
  stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType)));

describe('route guard', () => {
  it.each(['/profile', '/admin', '/booking/business-1'])(
    'sends a visitor without a token from %s to /login',
    async (route) => {
      const { router } = renderApp({ route });
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it("shows 'Loading...' while the user type is unknown on a route that needs one", async () => {
    const details = deferred<Response>();
    stubFetch().on('GET', '/api/user/userdetails', () => details.promise);
    const { router } = renderApp({ route: '/profile', session: {} });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');

    details.resolve(jsonResponse(200, userDetails('User')));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('lets any signed-in user open a booking without waiting for the type', async () => {
    stubFetch().on('GET', '/api/user/userdetails', () => new Promise<Response>(() => {}));
    renderApp({ route: '/booking/business-1', session: {} });
    expect(await screen.findByRole('heading', { name: 'Book an Appointment' })).toBeInTheDocument();
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
    expect(await screen.findByRole('button', { name: 'Request Now' })).toBeInTheDocument();
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
