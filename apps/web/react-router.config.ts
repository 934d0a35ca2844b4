import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode (api-contract §9.1): the public pages render on the server, inside
 * the API's Fastify process (apps/api/src/plugins/web.ts loads build/server); the signed-in pages
 * render in the browser behind one skeleton (their route modules have only a clientLoader).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route table (a dozen routes) comes with the first page, so no page asks the server for
  // the routes its links lead to: on a phone's network those /__manifest calls shared the one
  // connection with the page's own data, one of them asked up to three times.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
