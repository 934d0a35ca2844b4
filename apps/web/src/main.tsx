import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { prefetchRouteData } from './app/routes';
import { makeZodJitless } from './app/zod-csp';
import { createQueryClient } from './lib/query-client';

makeZodJitless();

// The first page's data (and the signed-in profile) is asked for now, while React starts and the
// page's code arrives, not once the page has rendered.
const queryClient = createQueryClient();
prefetchRouteData(queryClient, window.location.pathname, window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread for its whole length (index.html's page shell is on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
