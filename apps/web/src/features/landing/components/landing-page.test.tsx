import { PRODUCT_NAME } from '@app/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import { LANDING_LEAD } from './landing-page';

describe('landing page', () => {
  // api-contract §9.1: the list is public, so 'Request Now' goes there for everyone.
  it("has exactly one 'Request Now', a link to /businesses for a visitor", async () => {
    renderApp({ route: '/' });
    const links = await screen.findAllByRole('link', { name: 'Request Now' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/businesses');
  });

  it("sends a signed-in user to /businesses with 'Request Now'", async () => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/', session: {} });

    await user.click(await screen.findByRole('link', { name: 'Request Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/businesses'));
    expect(await screen.findByRole('heading', { name: 'Available Barbers' })).toBeInTheDocument();
  });

  it("names the product in the hero's lead as the domain does", async () => {
    expect(LANDING_LEAD.startsWith(`${PRODUCT_NAME} `)).toBe(true);
    renderApp({ route: '/' });
    expect(await screen.findByText(LANDING_LEAD)).toBeInTheDocument();
  });

  it('links the legal pages from the footer', async () => {
    renderApp({ route: '/' });
    const footer = (await screen.findByRole('navigation', { name: 'Legal' })) as HTMLElement;
    expect(footer.querySelector('a[href="/privacy-policy"]')).toHaveTextContent('Privacy Policy');
    expect(footer.querySelector('a[href="/terms-of-service"]')).toHaveTextContent('Terms of Service');
  });

  it('shows a not-found page for an unknown address', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
