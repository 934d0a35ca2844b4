import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, type Location } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/routes';
import { AppRouter, createAppHistory } from '@/lib/navigation';
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
  const history = createAppHistory(createMemoryHistory({ initialEntries: [route], v5Compat: true }));
  /** Where the app is (`router.state.location`), and navigations from outside the app. */
  const router = {
    get state(): { location: Location } {
      return { location: history.location };
    },
    navigate: async (to: string) => act(() => history.push(to)),
    /** The browser's Back button. */
    back: async () => act(() => history.go(-1)),
  };
  // Tests may switch to fake timers mid-way (vi.useFakeTimers); user-event then moves the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
