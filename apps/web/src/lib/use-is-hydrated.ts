import { startTransition, useEffect, useState } from 'react';

/** The root layout marks the document once the server's render is hydrated (app/root.tsx). */
const isDocumentHydrated = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-hydrated');

/**
 * False in the server render and while the browser hydrates it, true from the render after: for
 * what only the browser knows (this tab's session and drafts), so hydration matches the server's
 * HTML. The switch is a transition, which React renders in slices between the browser's own work:
 * a store's change (useSyncExternalStore) would re-render every reader in one task that blocks the
 * page (180 ms of a phone's main thread on a business page opened signed in). A component mounted
 * later, in a hydrated document, starts with true.
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(isDocumentHydrated);
  useEffect(() => {
    if (!isHydrated) startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
