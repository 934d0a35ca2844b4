import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * On every change of page (a new path; a wizard's ?step= is not one) focus moves to the new page's main heading, as a fresh page load would, so the next Tab
 * starts in the new page and screen readers announce it. Not on the first load, which the browser
 * starts at the top as usual.
 */
export function PageAnnouncer() {
  const { pathname } = useLocation();

  const isFirstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page on purpose
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    return focusMainHeadingOnceShown();
  }, [pathname]);

  return null;
}

/** How long a page may take to show its heading (its data loading) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/**
 * Focuses the `<main>` element's h1 (made focusable with tabIndex -1), now or as soon as the page
 * renders it, unless the person has meanwhile started using the page (a tap, a click or a key:
 * focus must not jump away from where they are scrolling or typing) or focus has moved somewhere
 * on purpose (a dialog). Returns a stop function.
 */
function focusMainHeadingOnceShown(): () => void {
  const main = document.querySelector('main') ?? document.body;
  const focusedAtStart = document.activeElement;
  const tryFocus = () => {
    const heading = main.querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    if (active && active !== document.body && active !== focusedAtStart) return true;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  // Capture phase: a handler that stops the event's propagation still lets the wait end.
  const listenerOptions = { capture: true, passive: true } as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, listenerOptions);
    document.removeEventListener('keydown', stop, listenerOptions);
  }
  observer.observe(main, { childList: true, subtree: true });
  document.addEventListener('pointerdown', stop, listenerOptions);
  document.addEventListener('keydown', stop, listenerOptions);
  return stop;
}
