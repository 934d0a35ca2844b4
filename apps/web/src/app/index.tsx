import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { AppRouter, createAppHistory } from '@/lib/navigation';
import { AppProvider } from './provider';
import { AppRoutes, RoutePrefetch } from './routes';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  // v5Compat: every change (not only back/forward) reaches the router's listener.
  const [history] = useState(() => createAppHistory(createBrowserHistory({ v5Compat: true })));
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter history={history}>
        <RoutePrefetch />
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  );
}
