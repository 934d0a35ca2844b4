import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { matchPath, type Params, type RouteObject, useRoutes } from 'react-router';
import { paths } from '@/config/paths';
// The query options of the pages' first requests: small modules (a path and a key each), in the
// entry so that main.tsx can start those requests before any page's code has arrived.
import { userBookingsQueryOptions } from '@/features/profile/api/get-user-bookings';
import { isUserType, userDetailsQueryOptions } from '@/lib/auth';
import { useAppHistory } from '@/lib/navigation';
import { decodeAccessToken, getAccessToken } from '@/lib/session';
import { DASHBOARD_ADDED_TABS } from './dashboard-tabs';
import { RootLayout } from './layouts/root-layout';
import { RemovePageShell } from './page-shell';
import { ReviewSlotsProvider } from './review-slots';
import { type AllowedUserTypes, BUSINESS_OR_ADMIN, CUSTOMER_ONLY, RouteGuard } from './route-guard';

/**
 * A screen loaded on its first visit: each feature is its own chunk (scripts/quality/bundle.mjs
 * measures each route's download from these modules). Navigations are React transitions, so the
 * current page stays on screen while the next one's code loads.
 */
function screen<T, P extends object = object>(
  load: () => Promise<T>,
  pick: (module: T) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LandingPage = screen(
  () => import('@/features/landing/components/landing-page'),
  (m) => m.LandingPage,
);
const AuthScreen = screen(
  () => import('@/features/auth/components/auth-screen'),
  (m) => m.AuthScreen,
);
const BusinessesPage = screen(
  () => import('@/features/businesses/components/businesses-page'),
  (m) => m.BusinessesPage,
);
const BookingPage = screen(
  () => import('@/features/booking/components/booking-page'),
  (m) => m.BookingPage,
);
const ProfilePage = screen(
  () => import('@/features/profile/components/profile-page'),
  (m) => m.ProfilePage,
);
const DashboardPage = screen(
  () => import('@/features/dashboard/components/dashboard-page'),
  (m) => m.DashboardPage,
);
const PrivacyPolicyPage = screen(
  () => import('@/features/legal/components/privacy-policy-page'),
  (m) => m.PrivacyPolicyPage,
);
const TermsOfServicePage = screen(
  () => import('@/features/legal/components/terms-of-service-page'),
  (m) => m.TermsOfServicePage,
);
const ReviewPolicyPage = screen(
  () => import('@/features/legal/components/review-policy-page'),
  (m) => m.ReviewPolicyPage,
);
const InvitePage = screen(
  () => import('@/features/invite/components/invite-page'),
  (m) => m.InvitePage,
);
// Only a mistyped or stale address shows it: off every other page's first load.
const NotFoundPage = screen(
  () => import('./not-found-page'),
  (m) => m.NotFoundPage,
);

/** The route table of spec §2. Access: public unless under a RouteGuard. */
export const routes: RouteObject[] = [
  {
    // The layout catches a page that fails to render or load, keeping the navigation bar.
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <LandingPage /> },
      { path: paths.login.path, element: <AuthScreen /> },
      { path: paths.register.path, element: <AuthScreen /> },
      { path: paths.businesses.path, element: <BusinessesPage /> },
      // Any signed-in user; a visitor goes to /login.
      { element: <RouteGuard />, children: [{ path: paths.booking.path, element: <BookingPage /> }] },
      {
        element: <RouteGuard allow={CUSTOMER_ONLY} />,
        children: [{ path: paths.profile.path, element: <ProfilePage /> }],
      },
      {
        element: <RouteGuard allow={BUSINESS_OR_ADMIN} />,
        children: [{ path: paths.admin.path, element: <DashboardPage addedTabs={DASHBOARD_ADDED_TABS} /> }],
      },
      { path: paths.privacyPolicy.path, element: <PrivacyPolicyPage /> },
      { path: paths.termsOfService.path, element: <TermsOfServicePage /> },
      { path: paths.reviewPolicy.path, element: <ReviewPolicyPage /> },
      { path: paths.invite.path, element: <InvitePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The data a page shows, fetched as soon as the page is navigated to, alongside its code, rather
 * than once its code has arrived and rendered a skeleton (the page's own query then finds it in the
 * cache). On the first load this starts in main.tsx, before React renders anything. Data behind a
 * sign-in is fetched only when the access token's claimed type may open the page (`signedIn`); the
 * route guard still decides from the profile (the server checks every request anyway).
 */
const PREFETCH: {
  path: string;
  signedIn?: AllowedUserTypes;
  prefetch: (client: QueryClient, params: Params, search: URLSearchParams) => Promise<void>;
}[] = [
  {
    path: paths.businesses.path,
    // The first page of the search in the URL (the towns come with the filter bar's code). Its
    // modules are the page's own: loaded here, not in the entry every route downloads.
    prefetch: async (client, _params, search) => {
      const [{ filtersFromSearch }, { businessesQueryOptions }] = await Promise.all([
        import('@/features/businesses/api/business-filters'),
        import('@/features/businesses/api/get-businesses'),
      ]);
      await client.prefetchInfiniteQuery(businessesQueryOptions(filtersFromSearch(search)));
    },
  },
  {
    path: paths.booking.path,
    prefetch: async (client, { businessId }) => {
      if (!businessId) return;
      // Its module brings the shared slot rules (zod with them): too much for the entry.
      const { availableTimesQueryOptions } = await import('@/features/booking/api/get-available-times');
      await client.prefetchQuery(availableTimesQueryOptions(businessId));
    },
  },
  {
    path: paths.profile.path,
    signedIn: CUSTOMER_ONLY,
    prefetch: (client) => client.prefetchQuery(userBookingsQueryOptions()),
  },
  {
    path: paths.admin.path,
    signedIn: BUSINESS_OR_ADMIN,
    prefetch: async (client, _params, search) => {
      // The dashboard opens on Manage Requests (dashboard-page.tsx); another tab has other data.
      const tab = search.get('tab');
      if (tab && tab !== 'requests') return;
      // Its module brings the London calendar day and the statuses (domain modules the entry lacks).
      const { prefetchManageRequests } = await import('@/features/dashboard/api/get-business-bookings');
      await prefetchManageRequests(client);
    },
  },
];

/**
 * Starts fetching what the page at `pathname` shows: the signed-in user's profile (the navigation
 * bar and the route guard need it) and the page's own data (PREFETCH). Failures are left to the
 * page's own query, which retries and shows its error.
 */
export function prefetchRouteData(client: QueryClient, pathname: string, search = ''): void {
  const token = getAccessToken();
  const claimed = token ? decodeAccessToken(token)?.userType : undefined;
  if (token) client.prefetchQuery(userDetailsQueryOptions()).catch(() => {});
  for (const { path, signedIn, prefetch } of PREFETCH) {
    const match = matchPath(path, pathname);
    if (!match) continue;
    if (signedIn && !(token && isUserType(claimed) && signedIn.includes(claimed))) continue;
    prefetch(client, match.params, new URLSearchParams(search)).catch(() => {});
  }
}

/** Fetches a page's data on navigation (PREFETCH). Rendered by the app, not by component tests. */
export function RoutePrefetch() {
  usePrefetchOnNavigation();
  return null;
}

function usePrefetchOnNavigation() {
  const history = useAppHistory();
  const queryClient = useQueryClient();
  useEffect(
    // The first page's data was asked for by main.tsx; a query in flight or fresh is not fetched again.
    () =>
      history.listen(({ location }) => prefetchRouteData(queryClient, location.pathname, location.search)),
    [history, queryClient],
  );
}

/**
 * The routes, rendered once the first page's code is in: until then index.html's page shell stays
 * on screen (the navigation bar's look and a skeleton), and it goes in the same commit that puts the
 * page in, so nothing shifts when the app takes over.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <RemovePageShell />
      <ReviewSlotsProvider>{useRoutes(routes)}</ReviewSlotsProvider>
    </Suspense>
  );
}
