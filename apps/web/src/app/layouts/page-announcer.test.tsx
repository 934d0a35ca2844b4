import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { availableTimes as bookingAvailableTimes } from '@/features/booking/testing/booking-wizard-fixtures';
import { deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

// The tab's title is each route module's `meta` (the browser journeys check it); here, focus.
describe('focus on navigation', () => {
  it('leaves focus where the browser put it on the first page', async () => {
    renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(document.body).toHaveFocus();
  });

  it("after a link, moves focus to the new page's main heading", async () => {
    const { user } = renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    await user.click(within(mainNav()).getByRole('link', { name: 'Login' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await waitFor(() => expect(heading).toHaveFocus());
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

    await router.back();
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => expect(terms).toHaveFocus());
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
      // The new page's effects have run (the wait for its heading has begun), so the tap or key
      // lands while the page waits, as a person's would.
      await new Promise((resolve) => setTimeout(resolve, 50));
      use();
      availableTimes.resolve(jsonResponse(200, bookingAvailableTimes({ BusinessDescription: '' }, [])));
      const heading = await screen.findByRole('heading', { level: 1, name: "Kelly's Cuts" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heading).not.toHaveFocus();
      expect(document.body).toHaveFocus();
    },
  );
});
