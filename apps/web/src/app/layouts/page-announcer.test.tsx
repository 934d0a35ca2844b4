import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { availableTimes as bookingAvailableTimes } from '@/features/booking/testing/booking-wizard-fixtures';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { documentTitleFor } from './root-layout';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('page title and focus on navigation', () => {
  it('names every route in the tab title, one place for all', () => {
    expect(documentTitleFor('/')).toBe('Book a Barber · TrimTime NI');
    expect(documentTitleFor('/login')).toBe('Login · TrimTime NI');
    expect(documentTitleFor('/register')).toBe('Register · TrimTime NI');
    expect(documentTitleFor('/businesses')).toBe('Available Barbers · TrimTime NI');
    expect(documentTitleFor('/booking/biz-1')).toBe('Request an Appointment · TrimTime NI');
    expect(documentTitleFor('/profile')).toBe('Profile · TrimTime NI');
    expect(documentTitleFor('/admin')).toBe('Admin Dashboard · TrimTime NI');
    expect(documentTitleFor('/privacy-policy')).toBe('Privacy Policy · TrimTime NI');
    expect(documentTitleFor('/terms-of-service')).toBe('Terms of Service · TrimTime NI');
    expect(documentTitleFor('/invite/abc')).toBe('Business Registration · TrimTime NI');
    expect(documentTitleFor('/no-such-page')).toBe('Page Not Found · TrimTime NI');
  });

  it('titles the first page but leaves focus where the browser put it', async () => {
    renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await waitFor(() => expect(document.title).toBe('Privacy Policy · TrimTime NI'));
    expect(document.body).toHaveFocus();
  });

  it("after a link, retitles the tab and moves focus to the new page's main heading", async () => {
    const { user } = renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    await user.click(within(mainNav()).getByRole('link', { name: 'Login' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Login · TrimTime NI');
    expect(heading).toHaveAttribute('tabindex', '-1');

    // The next Tab starts in the new page, after its heading, not back at the top of the old one.
    await user.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('waits for a heading that arrives with the page data (back and forward too)', async () => {
    stubFetch().on('GET', '/api/booking/businesses', jsonResponse(200, { businesses: [], nextCursor: null }));
    const { router } = renderApp({ route: '/terms-of-service' });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    await router.navigate('/businesses');
    const list = await screen.findByRole('heading', { level: 1, name: 'Available Barbers' });
    await waitFor(() => expect(list).toHaveFocus());
    expect(document.title).toBe('Available Barbers · TrimTime NI');

    await router.back();
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(terms).toHaveFocus());
    expect(document.title).toBe('Terms of Service · TrimTime NI');
  });

  it.each([
    ['a tap', () => fireEvent.pointerDown(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'ArrowDown' })],
  ])(
    'leaves focus alone once the person has used the page (%s) before its heading arrives',
    async (_, use) => {
      const availableTimes = deferred<Response>();
      stubFetch()
        .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
        .on('GET', '/api/booking/available-times', () => availableTimes.promise);
      const { router } = renderApp({
        route: '/terms-of-service',
        session: { accessToken: makeAccessToken() },
      });
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

      // The booking page shows its heading with the business, once the available times arrive.
      await router.navigate('/booking/biz-1');
      await screen.findByText('Loading availability...');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      // The new page's effects have run (its title is set in the same commit as the wait for its
      // heading begins), so the tap or key lands while the page waits, as a person's would.
      await waitFor(() => expect(document.title).toBe('Request an Appointment · TrimTime NI'));
      use();
      availableTimes.resolve(jsonResponse(200, bookingAvailableTimes({ BusinessDescription: '' }, [])));
      const heading = await screen.findByRole('heading', { level: 1, name: 'Ciaran Kelly' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heading).not.toHaveFocus();
      expect(document.body).toHaveFocus();
    },
  );
});
