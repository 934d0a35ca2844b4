import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), without its re-render: Mantine's version starts from React's
 * id and then, in a layout effect, swaps it for a random one, so every input, tab list, popover and
 * modal renders twice on mount, synchronously inside the commit (the main cost of a page's first
 * commit on a slow phone). React 19's `useId` is stable and unique per root, which is all the app
 * needs: it renders only in the browser, so no server-rendered id has to be replaced. The ids keep
 * Mantine's `mantine-` prefix. The build puts this module in place of Mantine's (vite.config.ts,
 * `mantineStableIds`).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}
