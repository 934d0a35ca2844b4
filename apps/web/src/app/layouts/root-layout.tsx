import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { documentTitle, NOT_FOUND_TITLE, paths } from '@/config/paths';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { PageAnnouncer, ScrollRestoration } from '@/lib/navigation';
import { RouteErrorBoundary } from '../route-error-page';
import { Footer } from './footer';
import { NavigationBar } from './navigation-bar';

/** The browser tab's title at `pathname`: its route's title (config/paths.ts), or not found. */
export function documentTitleFor(pathname: string): string {
  const route = Object.values(paths).find(({ path }) => matchPath(path, pathname));
  return documentTitle(route?.title ?? NOT_FOUND_TITLE);
}

export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // When a refresh fails the API client clears the tokens; send the user to /login inside the app.
  useEffect(
    () => setSessionExpiredHandler(() => navigate(paths.login.getHref(), { replace: true })),
    [navigate],
  );

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavigationBar />
      {/* At least a screen tall, so the footer starts below the fold: a page that renders short
          while its data loads then grows without pushing a visible footer (a layout shift). */}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minHeight: '100dvh', outline: 'none' }}>
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      <Footer />
      <ScrollRestoration />
      <PageAnnouncer titleFor={documentTitleFor} />
    </Box>
  );
}
