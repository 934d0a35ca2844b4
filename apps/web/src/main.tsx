import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { makeZodJitless } from './app/zod-csp';

makeZodJitless();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
