import type { UserType } from '@app/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ShouldRevalidateFunction } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { claimedUserTypeOf, userDetailsQueryOptions } from '@/lib/auth';
import { browserQueryClient } from '@/lib/query-client';
import { getAccessToken } from '@/lib/session';
import { unreadMessagesQueryOptions } from '@/lib/unread-messages';

// The pages that render in the browser only (api-contract §9.1: the signed-in pages and the invite
// page) take HydrateFallback and shouldRevalidate from here, and a clientLoader: `clientLoader`
// (nothing to read first) or one made by signedInPageLoader.

/** Nothing to read on the server (tokens stay in the browser, spec §3): the page asks the API itself. */
export function clientLoader() {
  return null;
}
// Run on the first load too, so the server renders HydrateFallback rather than the page.
clientLoader.hydrate = true as const;

/** What a signed-in page reads first, for the user type its access token claims. */
export type FirstReads = (
  queryClient: QueryClient,
  claimed: { userType: UserType | undefined; url: URL },
) => void;

/**
 * A signed-in page's clientLoader: it starts the session's reads (the user's details and unread
 * messages) and the page's first reads together, into the browser's query cache, and returns at
 * once. The page renders straight away, its queries joining the reads in flight: on a phone's
 * network the page's data arrives one round trip after its code rather than two (the details, then
 * the page). Nothing waits on them here: a failed read is the page's to show, and signed out there
 * is nothing to read.
 */
export function signedInPageLoader(firstReads: FirstReads) {
  function signedInClientLoader({ request }: { request: Request }) {
    const token = getAccessToken();
    if (token) {
      const queryClient = browserQueryClient();
      void queryClient.prefetchQuery(userDetailsQueryOptions());
      // The navigation bar's unread count, which its messages feature would ask for only once its
      // own code had loaded after the page. Only when none is kept: on a later visit in the same tab
      // the messages feature, still mounted, keeps it current itself.
      void queryClient.prefetchQuery({
        ...unreadMessagesQueryOptions(),
        staleTime: Number.POSITIVE_INFINITY,
      });
      firstReads(queryClient, { userType: claimedUserTypeOf(token), url: new URL(request.url) });
    }
    return null;
  }
  signedInClientLoader.hydrate = true as const;
  return signedInClientLoader;
}

/** The one skeleton, shown by the server's render and until the page's code and session are in. */
export function HydrateFallback() {
  return <FullPageLoader label="Loading..." />;
}

// Nothing to read again when only the query changes (a tab in the URL).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;
