import { FullPageLoader } from '@/components/full-page-loader';

/**
 * The one skeleton of the pages that render in the browser (api-contract §9.1: the signed-in pages
 * and the invite page), shown by the server render and until the page's code and session are in.
 */
export function SignedInPageSkeleton() {
  return <FullPageLoader label="Loading..." />;
}
