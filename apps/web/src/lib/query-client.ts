import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) will not change on a retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30 * 1000 },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache. On the server each render makes its own
 * (createQueryClient), so no answer is ever kept between two people's requests.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Component tests start every test with an empty cache. */
export function resetBrowserQueryClient(): void {
  browserClient?.clear();
  browserClient = undefined;
}
