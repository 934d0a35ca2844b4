import { startTransition, useEffect, useState } from 'react';

/** The root layout marks the document once the server's render is hydrated (app/root.tsx). */
const isDocumentHydrated = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-hydrated');

/**
 * False in the server render and while the browser hydrates it, true once the transition that
 * follows hydration commits: for what only the browser knows (this tab's session and drafts), so
 * hydration matches the server's HTML. A transition is rendered in slices between the browser's own
 * work: a store's change (useSyncExternalStore) would re-render every reader in one task that blocks
 * the page (180 ms of a phone's main thread on a business page opened signed in). An urgent render
 * before that commit (a tap, a query's answer) still sees false.
 *
 * A component mounted later, in a document the root layout has marked hydrated, starts with true.
 * NOTE: the mark is the document's, so a caller must not sit under a Suspense boundary that can
 * hydrate after the rest of the page (one waiting for a lazy part's code): it would start with true
 * in its own hydration and not match the server's HTML. Today's callers (the session's provider at
 * the root, the booking wizard) sit under none.
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(isDocumentHydrated);
  useEffect(() => {
    if (!isHydrated) startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
