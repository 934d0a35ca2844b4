import { REFRESH_LEAD_SECONDS } from '@app/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { type ReactElement, useDeferredValue } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_ONLY, RouteGuard } from '@/app/route-guard';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { SessionProvider, useSession } from './auth';
import { getSession, saveSession } from './session';

describe('session refresh schedule', () => {
  it('refreshes the access token 60 seconds before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on(
        'POST',
        '/api/auth/refresh',
        jsonResponse(200, { accessToken: 'fresh-access', refreshToken: 'refresh-2' }),
      );
    renderApp({
      route: '/terms-of-service',
      session: { accessToken: makeAccessToken({ expiresInSeconds: 130 }), refreshToken: 'refresh-1' },
    });

    // Due 70 s from now (130 s minus the 60 s lead); a few seconds of margin absorb render time.
    await act(() => vi.advanceTimersByTimeAsync((130 - REFRESH_LEAD_SECONDS - 5) * 1000));
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(getSession()).toEqual({ accessToken: 'fresh-access', refreshToken: 'refresh-2' });
  });

  it('logs the user out to /login when the scheduled refresh fails', async () => {
    stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token revoked'));
    // Already inside the refresh window: the refresh runs at once.
    const { router } = renderApp({
      route: '/profile',
      session: { accessToken: makeAccessToken({ expiresInSeconds: 30 }), refreshToken: 'revoked' },
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });
});

/** What the session says, as a page would show it. */
function Probe() {
  const { isSessionRead, isAuthenticated } = useSession();
  if (!isSessionRead) return <p>not read</p>;
  return <p>{isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

/** Every page the route guard let render, in order. */
const seen: string[] = [];
function Seen({ text }: { text: string }) {
  seen.push(text);
  return <p>{text}</p>;
}

/**
 * Each render's [the session read?, the same through useDeferredValue]. In an urgent render a
 * deferred value lags one render behind; in a transition it is the new value at once.
 */
const reads: [boolean, boolean][] = [];
function DeferredProbe() {
  const { isSessionRead } = useSession();
  reads.push([isSessionRead, useDeferredValue(isSessionRead)]);
  return null;
}

describe('the session in a page the server rendered', () => {
  /** Renders `page` as the server does, then hydrates it as the browser does. */
  async function serverRenderThenHydrate(page: ReactElement) {
    // As on the server and then in the browser: the document is marked hydrated only once its
    // first render is done.
    delete document.documentElement.dataset.hydrated;
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    // What a person reads (Mantine's provider adds its style element).
    const textOf = () => [...container.querySelectorAll('p')].map((node) => node.textContent).join(' ');
    const serverText = textOf();
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      roots.push(hydrateRoot(container, page));
    });
    return { textOf, serverText, errors };
  }

  // Testing Library unmounts only what it rendered. A root left mounted would go on following the
  // session store: its provider would read the user's details for the next file's sign-in (the
  // files share one module graph and document).
  const roots: Root[] = [];
  afterEach(() => {
    act(() => {
      for (const root of roots.splice(0)) root.unmount();
    });
  });

  const withSession = (children: ReactElement) => (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );

  it("hydrates the server's render as it is (no session read), then reads the tab's session", async () => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    saveSession({ accessToken: makeAccessToken(), refreshToken: 'refresh-1' }, { rememberMe: false });
    const { textOf, serverText, errors } = await serverRenderThenHydrate(withSession(<Probe />));

    expect(serverText).toBe('not read');
    await waitFor(() => expect(textOf()).toBe('signed in'));
    expect(errors).not.toHaveBeenCalled();
  });

  it('reads the session in a transition, never in an urgent render that would block the page', async () => {
    stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
    saveSession({ accessToken: makeAccessToken(), refreshToken: 'refresh-1' }, { rememberMe: false });
    reads.length = 0;

    await serverRenderThenHydrate(withSession(<DeferredProbe />));

    await waitFor(() => expect(reads.at(-1)).toEqual([true, true]));
    // The server's render and the hydration, then the transition's renders (the details arriving
    // render it again): no urgent render of the read session, which would show [true, false].
    expect(reads.slice(0, 3)).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(reads).not.toContainEqual([true, false]);
  });

  it.each([
    ['signed in', true, 'the page'],
    ['signed out', false, 'Sign In'],
  ])(
    "a route guard waits for the tab's session (%s) rather than judging the server's render",
    async (_, signedIn, shown) => {
      stubFetch().on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')));
      if (signedIn)
        saveSession({ accessToken: makeAccessToken(), refreshToken: 'refresh-1' }, { rememberMe: false });
      seen.length = 0;
      const page = withSession(
        <MemoryRouter initialEntries={['/profile']}>
          <Routes>
            <Route
              path="/profile"
              element={
                <RouteGuard allow={CUSTOMER_ONLY}>
                  <Seen text="the page" />
                </RouteGuard>
              }
            />
            <Route path="/login" element={<Seen text="Sign In" />} />
          </Routes>
        </MemoryRouter>,
      );

      const { textOf, serverText, errors } = await serverRenderThenHydrate(page);

      expect(serverText).toBe('Loading...');
      await waitFor(() => expect(textOf()).toBe(shown));
      expect(seen).toEqual([shown]);
      expect(errors).not.toHaveBeenCalled();
    },
  );
});
