import type { ShouldRevalidateFunction } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';

// The pages that render in the browser only (api-contract §9.1: the signed-in pages and the invite
// page) take these three from here: `export { clientLoader, HydrateFallback, shouldRevalidate }`.

/** Nothing to read on the server (tokens stay in the browser, spec §3): the page asks the API itself. */
export function clientLoader() {
  return null;
}
// Run on the first load too, so the server renders HydrateFallback rather than the page.
clientLoader.hydrate = true as const;

/** The one skeleton, shown by the server's render and until the page's code and session are in. */
export function HydrateFallback() {
  return <FullPageLoader label="Loading..." />;
}

// Nothing to read again when only the query changes (a tab in the URL).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;
