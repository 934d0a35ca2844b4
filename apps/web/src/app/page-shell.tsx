import { useLayoutEffect } from 'react';
import { PAGE_SHELL_ID } from '@/config/page-shell';

/**
 * Removes index.html's page shell once the first page is in the document. Rendered beside the routes
 * inside their Suspense boundary, so its layout effect runs in the commit that puts the page in,
 * before the browser paints: the shell and the page are never both on screen, and nothing is
 * blank in between.
 */
export function RemovePageShell() {
  useLayoutEffect(() => {
    document.getElementById(PAGE_SHELL_ID)?.remove();
  }, []);
  return null;
}
