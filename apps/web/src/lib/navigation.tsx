import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  NavigationType,
  parsePath,
  type To,
  useLocation,
  useNavigationType,
} from 'react-router';

/**
 * Routing without React Router's data router. The app needs only the declarative router (about
 * 18 kB gzip lighter, which keeps the landing and sign-in pages within their 150 kB budget), plus
 * the two things that only the data router offered: a navigation blocker (the auth screen's
 * "leave without verifying?" dialog, the unsaved-changes guard) and scroll restoration. Both live here, on a history object
 * that every navigation (links, navigate(), back/forward) goes through.
 */

type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';
type History = Parameters<typeof HistoryRouter>[0]['history'];
type Update = { action: HistoryAction; location: Location; delta: number | null };
type Listener = (update: Update) => void;

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

/** React Router's useBlocker shape: a held navigation can be let through or cancelled. */
export type Blocker =
  | { state: 'unblocked'; location: undefined; proceed: undefined; reset: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

interface Held {
  location: Location;
  retry: () => void;
  /** The blocker that refused: only its owner asks the person. */
  by: BlockerFunction;
}

export interface AppHistory extends History {
  /** Adds a blocker (several screens may guard at once; the first that refuses holds); returns its removal. */
  addBlocker(blocker: BlockerFunction): () => void;
  /** The navigation held by the blocker, if any (stable between changes). */
  getHeld(): Held | null;
  subscribeHeld(onChange: () => void): () => void;
  proceed(): void;
  reset(): void;
  /** Window scroll positions by location key, saved as each location is left. */
  scrollPositions: Map<string, number>;
}

const toLocation = (to: To, state: unknown): Location => ({
  pathname: '/',
  search: '',
  hash: '',
  ...(typeof to === 'string' ? parsePath(to) : to),
  state,
  key: 'held',
});

/**
 * Wraps a history made with `v5Compat: true` (every change reaches the listener). Pushes and
 * replaces that the blocker refuses are held; a refused back/forward is undone and held.
 */
export function createAppHistory(base: History): AppHistory {
  const listeners = new Set<Listener>();
  const heldListeners = new Set<() => void>();
  const scrollPositions = new Map<string, number>();
  const blockers: BlockerFunction[] = [];
  let held: Held | null = null;
  let undoingPop = false;
  let letThrough = false;

  const setHeld = (next: Held | null) => {
    held = next;
    for (const listener of heldListeners) listener();
  };
  /** The first blocker that refuses this navigation, if any. */
  const refuses = (nextLocation: Location, historyAction: HistoryAction) => {
    if (letThrough) return undefined;
    return blockers.find((blocker) =>
      blocker({ currentLocation: base.location, nextLocation, historyAction }),
    );
  };

  // NOTE: the base history accepts a single listener; it is taken here, once, and fanned out.
  // A back/forward press has already moved the browser when it is reported, so a refused one is
  // undone (go the other way) and that undo's own report is swallowed. Every change is reported
  // before the new page renders, so the scroll position of the page being left is saved here.
  let lastKey = base.location.key;
  base.listen((update) => {
    if (undoingPop) {
      undoingPop = false;
      return;
    }
    const refusedBy =
      update.action === NavigationType.Pop && update.delta !== null
        ? refuses(update.location, 'POP')
        : undefined;
    if (refusedBy && update.delta !== null) {
      const delta = update.delta;
      undoingPop = true;
      base.go(-delta);
      setHeld({ location: update.location, retry: () => base.go(delta), by: refusedBy });
      return;
    }
    letThrough = false;
    if (typeof window !== 'undefined') scrollPositions.set(lastKey, window.scrollY);
    lastKey = update.location.key;
    for (const listener of listeners) listener(update as Update);
  });

  const navigate = (kind: 'PUSH' | 'REPLACE', to: To, state?: unknown) => {
    const run = () => (kind === 'PUSH' ? base.push(to, state) : base.replace(to, state));
    const refusedBy = refuses(toLocation(to, state), kind);
    if (refusedBy) {
      setHeld({ location: toLocation(to, state), retry: run, by: refusedBy });
      return;
    }
    run();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => navigate('PUSH', to, state),
    replace: (to, state) => navigate('REPLACE', to, state),
    go: (delta) => base.go(delta),
    listen(listener) {
      listeners.add(listener as Listener);
      return () => listeners.delete(listener as Listener);
    },
    addBlocker(blocker) {
      blockers.push(blocker);
      return () => {
        const index = blockers.indexOf(blocker);
        if (index >= 0) blockers.splice(index, 1);
        if (held?.by === blocker) setHeld(null);
      };
    },
    getHeld: () => held,
    subscribeHeld(onChange) {
      heldListeners.add(onChange);
      return () => heldListeners.delete(onChange);
    },
    proceed() {
      const current = held;
      if (!current) return;
      setHeld(null);
      letThrough = true;
      current.retry();
      // A push or replace is reported synchronously; a browser back/forward later (letThrough
      // stays on until that report arrives).
    },
    reset() {
      setHeld(null);
    },
    scrollPositions,
  };
}

const AppHistoryContext = createContext<AppHistory | null>(null);

/** The app's router: React Router's declarative router on an AppHistory. */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  return (
    <AppHistoryContext value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </AppHistoryContext>
  );
}

/** The app's history (navigation listeners, the blocker). */
export function useAppHistory(): AppHistory {
  const history = use(AppHistoryContext);
  if (!history) throw new Error('Navigation hooks must be used inside <AppRouter>');
  return history;
}

const UNBLOCKED: Blocker = { state: 'unblocked', location: undefined, proceed: undefined, reset: undefined };

/**
 * Holds in-app navigations (links, navigate(), back and forward) while `shouldBlock` says so, as
 * React Router's useBlocker does; the caller asks the person, then calls proceed() or reset().
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const history = useAppHistory();
  const shouldBlockRef = useRef(shouldBlock);
  shouldBlockRef.current = shouldBlock;

  const [blocker] = useState<BlockerFunction>(
    () => (args: Parameters<BlockerFunction>[0]) =>
      typeof shouldBlockRef.current === 'function' ? shouldBlockRef.current(args) : shouldBlockRef.current,
  );
  useEffect(() => history.addBlocker(blocker), [history, blocker]);

  const held = useSyncExternalStore(history.subscribeHeld, history.getHeld, history.getHeld);
  const proceed = useCallback(() => history.proceed(), [history]);
  const reset = useCallback(() => history.reset(), [history]);
  return held?.by === blocker ? { state: 'blocked', location: held.location, proceed, reset } : UNBLOCKED;
}

/**
 * Scroll on navigation as a multi-page site would: a new page starts at the top (or at its #hash),
 * back and forward return to where the person was.
 */
export function ScrollRestoration() {
  const history = useAppHistory();
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = previous;
    };
  }, []);

  const isFirstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location on purpose
  useLayoutEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (navigationType === NavigationType.Pop) {
      window.scrollTo(0, history.scrollPositions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key]);

  return null;
}

/**
 * On every change of page (a new path; a wizard's ?step= is not one): the tab's title names the
 * page, and focus moves to the new page's main heading, as a fresh page load would, so the next Tab
 * starts in the new page and screen readers announce it. Not on the first load, which the browser
 * starts at the top as usual.
 */
export function PageAnnouncer({ titleFor }: { titleFor: (pathname: string) => string }) {
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname, titleFor]);

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
