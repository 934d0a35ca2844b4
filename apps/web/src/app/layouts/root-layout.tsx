import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { PageAnnouncer } from '@/lib/page-announcer';
import { ReviewSlotsProvider } from '../review-slots';
import { Footer } from './footer';
import { NavigationBar } from './navigation-bar';

/** The chrome around every page: skip link, navigation bar, the page, footer. */
export function RootLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  // When a refresh fails the API client clears the tokens; send the user to /login inside the app,
  // saying why, to come back here once signed in (issue 29, item 3).
  // Already on the sign-in or sign-up page (a stale session's refresh failing behind it), stay:
  // going to /login again would start the form afresh under the person's typing.
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        const { pathname, search, hash } = locationRef.current;
        if (pathname === paths.login.path || pathname === paths.register.path) return;
        navigate(paths.login.getHref(`${pathname}${search}${hash}`, { sessionEnded: true }), {
          replace: true,
        });
      }),
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
        <ReviewSlotsProvider>{children}</ReviewSlotsProvider>
      </Box>
      <Footer />
      <PageAnnouncer />
    </Box>
  );
}
