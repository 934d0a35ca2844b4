import { MOBILE_BREAKPOINT_PX } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingsResponse } from '@/features/profile/testing/profile-fixtures';
import { getSession } from '@/lib/session';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { matchMediaQuery } from '@/testing/media-query';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import { MOBILE_MENU_ID, MOBILE_NAV_QUERY } from './navigation-bar';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
/** The burger's menu, once its drawer has opened. */
const openedMenu = async () => {
  await waitFor(() => expect(document.getElementById(MOBILE_MENU_ID)).not.toBeNull());
  return document.getElementById(MOBILE_MENU_ID) as HTMLElement;
};
const linkNames = () => Array.from(mainNav().querySelectorAll('a, button'), (element) => element.textContent);

/** Makes matchMedia report a phone-sized viewport for the burger-menu query. */
const usePhoneViewport = () => matchMediaQuery(MOBILE_NAV_QUERY);

describe('navigation bar', () => {
  it('offers Login and Register when logged out', async () => {
    renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    expect(linkNames()).toEqual(['Login', 'Register']);
  });

  it('offers a customer Request, Profile and Logout', async () => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    renderApp({ route: '/privacy-policy', session: {} });
    await waitFor(() => expect(linkNames()).toEqual(['Request', 'Profile', 'Logout']));
    expect(within(mainNav()).getByRole('link', { name: 'Request' })).toHaveAttribute('href', '/businesses');
  });

  it.each(['Business', 'Admin'])('offers a %s Admin and Logout, with no Request link', async (userType) => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType)));
    renderApp({ route: '/privacy-policy', session: {} });
    await waitFor(() => expect(linkNames()).toEqual(['Admin', 'Logout']));
    expect(within(mainNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('asks a visitor nothing about messages', async () => {
    const api = stubFetch();
    renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { name: 'Privacy Policy' });
    expect(api.callsTo('GET', '/api/booking/unread')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/events')).toHaveLength(0);
  });

  it('logs out on the server, forgets the tokens and goes to /login', async () => {
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('POST', '/api/auth/logout', jsonResponse(204));
    const { user, router } = renderApp({ route: '/', session: { refreshToken: 'refresh-9' } });

    // The app appears once the page's code has loaded.
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(mainNav()).findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/logout')[0]!.body).toEqual({ refreshToken: 'refresh-9' });
    expect(getSession()).toBeNull();
    expect(linkNames()).toEqual(['Login', 'Register']);
  });

  it('forgets the tokens before the server revokes them, so nothing more goes out with them', async () => {
    const revoked = deferred<Response>();
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/userbookings', jsonResponse(200, bookingsResponse([])))
      .on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [] }))
      .on('GET', '/api/booking/unread', jsonResponse(200, { total: 0, byBooking: {} }))
      .on('POST', '/api/auth/logout', () => revoked.promise);
    const { user, router } = renderApp({ route: '/profile', session: { refreshToken: 'refresh-9' } });
    // The app appears once the page's code has loaded (slowly on a busy machine).
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(mainNav()).findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1));
    // The server has not answered yet: the tab is already signed out and on /login, in one step
    // (no /login?next=… from a guard on the way), and its request carried no access token (the
    // refresh token in its body is all the server needs).
    expect(getSession()).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST', '/api/auth/logout')[0]!.headers.authorization).toBeUndefined();
    revoked.resolve(jsonResponse(204));
  });

  describe(`burger menu at ${MOBILE_BREAKPOINT_PX}px or less`, () => {
    let restore: () => void;
    beforeEach(() => {
      restore = usePhoneViewport();
      return () => restore();
    });

    const openMenu = async (user: ReturnType<typeof renderApp>['user']) => {
      const burger = await screen.findByRole('button', { name: 'Menu' });
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      await user.click(burger);
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      // The drawer's code is loaded on the first opening.
      const menu = await openedMenu();
      expect(burger).toHaveAttribute('aria-controls', menu.id);
      return { burger, menu };
    };

    // Both are in the server's HTML; the stylesheet shows one by width (navigation-bar.module.css,
    // checked at 375 px by the phone-layout journey), so the page never changes as it hydrates.
    it('draws the burger button beside the inline links, its menu not yet loaded', async () => {
      renderApp({ route: '/terms-of-service' });
      await screen.findByRole('button', { name: 'Menu' });
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(document.getElementById(MOBILE_MENU_ID)).toBeNull();
    });

    it('closes on Escape', async () => {
      const { user } = renderApp({ route: '/terms-of-service' });
      const { burger } = await openMenu(user);

      await user.keyboard('{Escape}');

      await waitFor(() => expect(document.getElementById(MOBILE_MENU_ID)).toBeNull());
      expect(burger).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes on a click outside the menu', async () => {
      const { user } = renderApp({ route: '/terms-of-service' });
      await openMenu(user);
      const overlay = document.querySelector('.mantine-Drawer-overlay');
      expect(overlay).not.toBeNull();

      await user.click(overlay!);

      await waitFor(() => expect(document.getElementById(MOBILE_MENU_ID)).toBeNull());
    });

    it("shows a signed-in user's unread messages on the burger and on the link to their bookings", async () => {
      stubFetch()
        .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
        .on('GET', '/api/booking/unread', jsonResponse(200, { total: 2, byBooking: { 'booking-1': 2 } }));
      const { user } = renderApp({ route: '/terms-of-service', session: {} });

      const burger = await screen.findByRole('button', { name: 'Menu, unread messages: 2' });
      await user.click(burger);
      const menu = await openedMenu();
      expect(within(menu).getByRole('link', { name: 'Profile, unread messages: 2' })).toHaveAttribute(
        'href',
        '/profile',
      );
    });

    it('closes when a link is chosen, and follows it', async () => {
      const { user, router } = renderApp({ route: '/terms-of-service' });
      const { menu } = await openMenu(user);

      await user.click(within(menu).getByRole('link', { name: 'Register' }));

      await waitFor(() => expect(document.getElementById(MOBILE_MENU_ID)).toBeNull());
      expect(router.state.location.pathname).toBe('/register');
    });
  });
});
