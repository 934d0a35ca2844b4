// `npm run dev`: one process on :3000, as in production, with the web app served from its sources by
// Vite (middleware mode: hot reload, and each page rendered with the API's data in process).
import { join } from 'node:path';
import { API_PACKAGE_DIR } from './paths';
import type { PageHandler } from './plugins/web';

process.env.PORT ??= '3000';

const webRoot = join(API_PACKAGE_DIR, '..', 'web');
const [{ createServer }, { createRequestHandler }, { startServer }] = await Promise.all([
  import('vite'),
  import('react-router'),
  import('./start'),
]);
const vite = await createServer({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  server: { middlewareMode: true },
  appType: 'custom',
});
const render = createRequestHandler(
  () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
  'development',
);
const pageHandler: PageHandler = (request, context) =>
  render(request, context as unknown as Record<string, unknown>);

await startServer({ web: { pageHandler, devServer: vite.middlewares } });
