import { makeZodJitless } from './app/zod-csp';

makeZodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

/** Resolves in a later task, so the browser can paint and take input between two stages. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the first render waits for the answers index.html's loader asked for. */
const EARLY_DATA_WAIT_MS = 1000;

/**
 * The app starts in stages, each in a task of its own: React; Mantine and the providers; the
 * routes and layouts; the first page's data requests; the first render (itself a transition, which
 * yields every few milliseconds). Run as one, the modules' start held a slow phone's main thread for
 * ~0.4 s with nothing able to happen meanwhile. index.html's loader preloads every stage's files
 * (vite.config.ts, routeReport; config/page-shell.ts), so the stages cost no extra round trip, and
 * index.html's page shell is on screen throughout.
 */
async function start(container: HTMLElement) {
  const [{ StrictMode, createElement, startTransition }, { createRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
  ]);
  await nextTask();
  await import('./app/provider');
  await nextTask();
  const [{ App }, { prefetchRouteData }, { createQueryClient }, { earlyResponsesArrived }] =
    await Promise.all([
      import('./app'),
      import('./app/routes'),
      import('./lib/query-client'),
      import('./lib/early-responses'),
    ]);
  await nextTask();
  // The first page's data (and the signed-in profile) is asked for now, while React renders and the
  // page's code arrives, not once the page has rendered.
  const queryClient = createQueryClient();
  prefetchRouteData(queryClient, window.location.pathname, window.location.search);
  // What index.html's loader asked for while the files downloaded is usually in by now: the first
  // render waits for it (a little), so it draws the page, where the shell painted it, rather than a
  // 'Loading...' in its place a moment before.
  await Promise.race([earlyResponsesArrived(), delay(EARLY_DATA_WAIT_MS)]);
  await nextTask();
  startTransition(() => {
    createRoot(container).render(createElement(StrictMode, null, createElement(App, { queryClient })));
  });
}

void start(root);
