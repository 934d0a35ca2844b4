import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { makeZodJitless } from './app/zod-csp';

makeZodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread for its whole length (index.html's page shell is on screen meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
