// Mantine's global styles; each component's own styles come with its code (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';

import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { SessionProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { isToastHostRequested, subscribeToastHost } from '@/lib/toast-host';
import { theme } from './theme';

// Mantine's default dimmed grey is below WCAG AA contrast on white; this one passes (5.9:1).
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5b6570' },
  dark: {},
});

const NotificationsHost = lazy(() => import('./notifications-host'));

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Toasts only follow something the user did: their code loads with the first one (lib/toast-host).
  const toastHostRequested = useSyncExternalStore(subscribeToastHost, isToastHostRequested, () => false);
  const showToasts = env === 'test' || toastHostRequested;
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
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
