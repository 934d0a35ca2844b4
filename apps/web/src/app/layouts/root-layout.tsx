import { Box } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { paths } from '@/config/paths';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { Footer } from './footer';
import { NavigationBar } from './navigation-bar';

export function RootLayout() {
  const navigate = useNavigate();

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
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
