// Mantine's global styles; each component's own styles come with its code (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { SessionProvider } from '@/lib/auth';
import { browserQueryClient, createQueryClient } from '@/lib/query-client';
import { isToastHostRequested, subscribeToastHost } from '@/lib/toast-host';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() => import('./notifications-host'));

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  // The browser's one cache; a server render's own.
  const [client] = useState(
    () => queryClient ?? (typeof window === 'undefined' ? createQueryClient() : browserQueryClient()),
  );
  // Toasts only follow something the user did: their code loads with the first one (lib/toast-host).
  const toastHostRequested = useSyncExternalStore(subscribeToastHost, isToastHostRequested, () => false);
  const showToasts = env === 'test' || toastHostRequested;
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      // Light only: the build drops Mantine's dark-scheme CSS (postcss.config.cjs).
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      env={env}
    >
      {showToasts ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
