import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and while the browser hydrates it, true from the render after: for
 * what only the browser knows (this tab's drafts), so hydration matches the server's HTML.
 */
export const useIsHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
