import { PRODUCT_NAME } from '@app/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_HERO } from '@/config/landing-words';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';

describe('landing page', () => {
  it("has exactly one 'Request Now' button, which sends a visitor to /login", async () => {
    const { user, router } = renderApp({ route: '/' });
    const buttons = await screen.findAllByRole('button', { name: 'Request Now' });
    expect(buttons).toHaveLength(1);
    expect(screen.queryAllByRole('link', { name: 'Request Now' })).toHaveLength(0);

    await user.click(buttons[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("sends a signed-in user to /businesses with 'Request Now'", async () => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    const { user, router } = renderApp({ route: '/', session: {} });

    await user.click(await screen.findByRole('button', { name: 'Request Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/businesses'));
    expect(await screen.findByRole('heading', { name: 'Available Barbers' })).toBeInTheDocument();
  });

  it("names the product in the hero's lead as the domain does", async () => {
    expect(LANDING_HERO.lead.startsWith(`${PRODUCT_NAME} `)).toBe(true);
    renderApp({ route: '/' });
    expect(await screen.findByText(LANDING_HERO.lead)).toBeInTheDocument();
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
