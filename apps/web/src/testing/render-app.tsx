import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import {
  createMemoryRouter,
  type Location,
  Outlet,
  type RouteObject,
  RouterProvider,
  useLoaderData,
  useMatches,
  useParams,
} from 'react-router';
import { vi } from 'vitest';
import { RootLayout } from '@/app/layouts/root-layout';
import { AppProvider } from '@/app/provider';
import { browserQueryClient, resetBrowserQueryClient } from '@/lib/query-client';
import { type SessionTokens, saveSession } from '@/lib/session';
import { ErrorBoundary } from '../../app/root';
import routeConfig from '../../app/routes';
import { makeAccessToken } from './tokens';

export interface RenderAppOptions {
  /** Starting URL. */
  route?: string;
  /** Signs in before rendering (tokens in sessionStorage unless rememberMe). */
  session?: Partial<SessionTokens> & { rememberMe?: boolean };
}

interface RouteModule {
  default: ComponentType<{ loaderData: unknown; params: unknown; matches: unknown }>;
  clientLoader?: RouteObject['loader'];
  HydrateFallback?: ComponentType;
}

const routeModules = import.meta.glob<RouteModule>('../../app/routes/*.tsx', { eager: true });

interface RouteConfigEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteConfigEntry[];
}

/** A route module's component with the props framework mode passes it. */
function withRouteProps(Page: RouteModule['default']) {
  return function RouteComponent() {
    return <Page loaderData={useLoaderData()} params={useParams()} matches={useMatches()} />;
  };
}

/**
 * The app's own route table (app/routes.ts) as the browser runs it: each route module's component
 * with its clientLoader and HydrateFallback (the server's loaders do not run in a component test;
 * the pages then ask the API, as on a visit from another page).
 */
function routeObjectOf(entry: RouteConfigEntry): RouteObject {
  const module = routeModules[`../../app/${entry.file}`];
  if (!module) throw new Error(`No route module ${entry.file}`);
  const shared = {
    Component: withRouteProps(module.default),
    ...(module.clientLoader ? { loader: module.clientLoader } : {}),
    // The app hydrates from the server's render; a memory router starts with the loaders' run.
    HydrateFallback: module.HydrateFallback ?? (() => null),
  };
  if (entry.index) return { index: true, ...shared };
  return { path: entry.path, ...shared, children: entry.children?.map(routeObjectOf) };
}

const appRoutes = (): RouteObject[] => [
  {
    id: 'root',
    element: (
      <RootLayout>
        <Outlet />
      </RootLayout>
    ),
    errorElement: (
      <RootLayout>
        <ErrorBoundary />
      </RootLayout>
    ),
    children: (routeConfig as RouteConfigEntry[]).map(routeObjectOf),
  },
];

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
  // A fresh cache for each render, as a new tab has.
  resetBrowserQueryClient();
  const queryClient = browserQueryClient();
  // No retries in tests; the app's other defaults (its staleTime) stay as they are.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  const memoryRouter = createMemoryRouter(appRoutes(), { initialEntries: [route] });
  /** Where the app is (`router.state.location`), and navigations from outside the app. */
  const router = {
    get state(): { location: Location } {
      return { location: memoryRouter.state.location };
    },
    navigate: async (to: string) => act(() => memoryRouter.navigate(to)),
    /** The browser's Back button. */
    back: async () => act(() => memoryRouter.navigate(-1)),
  };
  // Tests may switch to fake timers mid-way (vi.useFakeTimers); user-event then moves the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={memoryRouter} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
