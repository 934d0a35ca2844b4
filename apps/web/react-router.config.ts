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
} satisfies Config;
