import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetBrowserQueryClient } from '@/lib/query-client';

// jsdom lacks a few browser APIs Mantine relies on (media queries, element resize, scrolling).
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// NOTE: Testing Library drains pending work with a setTimeout(0) after every user-event call and
// only advances it itself under Jest's fake timers. Exposing the same hook for Vitest's fake timers
// keeps tests that switch to vi.useFakeTimers() from hanging.
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

// NOTE: every screen's code is loaded when first shown (code splitting); the first render of a lazy
// screen in a test file includes compiling it, which takes longer than the 1 s default of findBy*
// and waitFor on two shared cores (10 s: CI runs the API suites beside these on the same two cores).
configure({ asyncUtilTimeout: 10_000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

beforeEach(() => {
  // A component test renders in a live document, as after the server's render is hydrated (the
  // tab's session is read from the first render: src/lib/use-is-hydrated.ts).
  document.documentElement.dataset.hydrated = '';
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  resetBrowserQueryClient();
  // The notifications store is module-wide: a toast from one test must not show up in the next.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
