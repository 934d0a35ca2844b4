import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { type SessionTokens, saveSession } from '@/lib/session';
import { makeAccessToken } from './tokens';

export interface RenderAppOptions {
  /** Starting URL. */
  route?: string;
  /** Signs in before rendering (tokens in sessionStorage unless rememberMe). */
  session?: Partial<SessionTokens> & { rememberMe?: boolean };
}

/** Renders the whole app (providers, router, layout) at `route`, as the browser would. */
export function renderApp({ route = '/', session }: RenderAppOptions = {}) {
  if (session) {
    saveSession(
      {
        accessToken: session.accessToken ?? makeAccessToken(),
        refreshToken: session.refreshToken ?? 'refresh-token-1',
      },
      { rememberMe: session.rememberMe ?? false },
    );
  }
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  // Tests may switch to fake timers mid-way (vi.useFakeTimers); user-event then moves the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
