import { type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_SHELL_ID } from '@/config/page-shell';

/**
 * A copy of the heading the API painted into index.html's page shell for a page whose heading
 * depends on its data (`data-layout`, and `data-key` naming whose it is: a business's booking page,
 * apps/api/src/plugins/booking-page-shell.ts), taken when the page first renders, before the shell
 * is removed. Null when the shell had none, or another's, or is gone (a page reached inside the app).
 */
export function useShellHeadingCopy(layout: string, key: string): Element | null {
  const [copy] = useState(() => {
    const heading = document.getElementById(PAGE_SHELL_ID)?.querySelector('.shell-heading');
    if (heading?.getAttribute('data-layout') !== layout || heading.getAttribute('data-key') !== key)
      return null;
    return heading.cloneNode(true) as Element;
  });
  return copy;
}

/**
 * Shows a copy of the shell's heading (useShellHeadingCopy) while the page's data loads, so what the
 * first paint showed stays where it was, in the shell's own styles (index.html), until the page
 * draws the same heading. Its links move within the app.
 */
export function ShellHeadingCopy({ heading }: { heading: Element }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    element.replaceChildren(heading);
    return () => element.replaceChildren();
  }, [heading]);
  const followInApp = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || link?.target) return;
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are its links' own, followed within the app.
  // biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click on it.
  return <div ref={container} onClick={followInApp} />;
}
