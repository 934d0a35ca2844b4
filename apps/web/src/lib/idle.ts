const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * Runs `task` once, when the person first engages with the page (pointer, key, touch or focus), or
 * `timeoutMs` after the page has loaded once the browser is idle, whichever comes first: for fetching
 * code that a later action will need (the mobile menu, the other auth views, the form rules) without
 * competing with the page's first load and render. Where the browser has no idle callbacks (Safari,
 * jsdom) it runs once the page has loaded. Returns a cancel function.
 */
export function whenEngagedOrIdle(task: () => void, timeoutMs = 10_000): () => void {
  let settled = false;
  const cleanups: (() => void)[] = [];
  const cleanUp = () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const run = () => {
    if (settled) return;
    settled = true;
    cleanUp();
    task();
  };
  const start = () => {
    if (typeof window.requestIdleCallback !== 'function') {
      run();
      return;
    }
    for (const type of ENGAGEMENT_EVENTS) {
      window.addEventListener(type, run, { capture: true, passive: true });
      cleanups.push(() => window.removeEventListener(type, run, { capture: true }));
    }
    const timer = window.setTimeout(() => {
      const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
      cleanups.push(() => window.cancelIdleCallback(handle));
    }, timeoutMs);
    cleanups.push(() => window.clearTimeout(timer));
  };
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, { once: true });
    cleanups.push(() => window.removeEventListener('load', start));
  }
  return () => {
    settled = true;
    cleanUp();
  };
}
