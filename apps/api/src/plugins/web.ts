import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const NOT_BUILT = `The web app has not been built yet.

Run \`npm run build\` (or \`npm start\`, which builds first) from the repository root,
or use \`npm run dev\` and open http://localhost:3000 for the development server.

The API is running: see /api/health and /api/docs.
`;

/** Paths that never fall back to the web app. */
const isServerPath = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/');

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built web app (WEB_DIST) with a single-page-app fallback: any GET outside /api that
 * accepts HTML gets index.html. Everything else unknown is a JSON 404.
 */
export const webPlugin = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    const hasBuild = existsSync(join(webDist, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDist,
        index: 'index.html',
        // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent by
        // Accept-Encoding, nothing is compressed per request.
        preCompressed: true,
        // Our own cache-control below: fingerprinted assets forever, index.html never.
        cacheControl: false,
        setHeaders(response, path) {
          // Vite fingerprints everything under assets/; index.html must always be revalidated.
          const isFingerprinted = /[\\/]assets[\\/]/.test(path);
          response.setHeader(
            'cache-control',
            isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (isServerPath(path) || !wantsPage(request)) {
        const message = isServerPath(path) ? `Route ${request.method} ${path} not found` : 'Not found.';
        return reply.code(404).send({ message, code: 'NotFound' });
      }
      if (!hasBuild) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
