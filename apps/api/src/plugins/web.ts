import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib';
import type { PublicPagesData, WebLoadContext } from '@app/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptsBrotli, acceptsGzip } from '../lib/http-cache';
import { SECURITY_HEADERS } from './security';

const NOT_BUILT = `The web app has not been built yet.

Run \`npm run build\` (or \`npm start\`, which builds first) from the repository root,
or use \`npm run dev\`, which renders the app from its sources.

The API is running: see /api/health and /api/docs.
`;

/** A page render: React Router's request handler (the web's server build), given its load context. */
export type PageHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

/** Paths that never reach the web app (`/metrics` is served only on METRICS_PORT, never here). */
const isServerPath = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path.startsWith('/dev/') ||
  path === '/metrics' ||
  path.startsWith('/metrics/');

/**
 * A file the build would have written: anything under /assets/, or a last segment with an
 * extension (`/favicon.ico`). App routes never have one (ids and invite codes use no dots), so a
 * missing file stays a 404 instead of becoming a page; React Router's own data requests
 * (`/businesses.data`) are the exception.
 */
export const isStaticFilePath = (path: string) =>
  !path.endsWith('.data') &&
  (path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1)));

/** Requests the web app answers: a GET (or HEAD) outside /api that is not a file. */
const isPageRequest = (request: FastifyRequest, path: string) =>
  (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !isStaticFilePath(path);

const SITE_POLICY = SECURITY_HEADERS.find(([name]) => name === 'content-security-policy')?.[1] ?? '';

/**
 * A page's Content-Security-Policy: the site's, whose script-src also allows the scripts that
 * carry this response's nonce (the router's hydration data and module loader; no 'unsafe-inline').
 */
export const pagePolicy = (nonce: string) =>
  SITE_POLICY.replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${sources} 'nonce-${nonce}'`);

export interface WebPluginOptions {
  /** The web app's build folder: `client/` (served as files) and `server/index.js` (the renderer). */
  webBuild: string;
  /** APP_URL: the pages' absolute addresses, and the origin every rendered request is read under. */
  appUrl: string;
  /** What the public pages show, read in process (api-contract §9.1). */
  publicPages: PublicPagesData;
  /** The page renderer, instead of `webBuild`'s (tests, and `npm run dev`'s Vite). */
  pageHandler?: PageHandler;
  /**
   * `npm run dev`: Vite's middleware, which answers the requests for the app's sources, modules and
   * hot reload before a page is rendered (Connect's signature; it calls `next` for anything else).
   */
  devServer?: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
}

/** React Router's request handler for the server build in `webBuild`, or undefined before a build. */
async function loadBuiltHandler(webBuild: string): Promise<PageHandler | undefined> {
  const entry = join(webBuild, 'server', 'index.js');
  if (!existsSync(entry)) return undefined;
  const [build, { createRequestHandler }] = await Promise.all([
    import(pathToFileURL(entry).href),
    import('react-router'),
  ]);
  const handler = createRequestHandler(build, 'production');
  // The context is the domain's WebLoadContext: the web declares it as its AppLoadContext.
  return (request, context) => handler(request, context as unknown as Record<string, unknown>);
}

/** The Fetch API request React Router reads, under APP_URL's origin (never the Host header's). */
function fetchRequestOf(request: FastifyRequest, appUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  return new Request(new URL(request.url, appUrl), {
    method: request.method,
    headers,
    signal: controller.signal,
  });
}

/** Sends a rendered page, compressed for the browser (brotli or gzip) when it is HTML. */
function sendPage(request: FastifyRequest, reply: FastifyReply, response: Response, nonce: string) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const type = response.headers.get('content-type') ?? '';
  const isHtml = type.startsWith('text/html');
  if (isHtml) {
    reply.header('content-security-policy', pagePolicy(nonce));
    // No personal data is in a rendered page (the server has no session), but each carries its own
    // nonce: never reused from a cache.
    reply.header('cache-control', 'no-cache');
  }
  if (!response.body || request.method === 'HEAD') return reply.send();
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const accept = request.headers['accept-encoding'];
  // Pages and the router's data answers are worth compressing; anything else goes as it is.
  if (!isHtml && !type.startsWith('text/x-script')) return reply.send(body);
  reply.header('vary', 'Accept-Encoding');
  if (acceptsBrotli(accept)) {
    reply.header('content-encoding', 'br');
    return reply.send(body.pipe(createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })));
  }
  if (acceptsGzip(accept)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(body.pipe(createGzip({ level: 6 })));
  }
  return reply.send(body);
}

/**
 * The web app (api-contract §9.1): the build's files from `client/`, and every other GET outside
 * /api rendered by React Router from the web's server build, with the public pages' data read in
 * process. An app path the router does not know answers its 404 page; everything else unknown is
 * the JSON 404.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app, { webBuild, appUrl, publicPages, pageHandler, devServer }) => {
    const handler = pageHandler ?? (await loadBuiltHandler(webBuild));
    const clientDir = join(webBuild, 'client');
    const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!handler) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
      const nonce = randomBytes(16).toString('base64');
      const response = await handler(fetchRequestOf(request, appUrl), { publicPages, appUrl, nonce });
      return sendPage(request, reply, response, nonce);
    };
    if (!devServer && existsSync(clientDir)) {
      // `/` is a page like the others (the static files' folder would answer it).
      app.get('/', renderPage);
      await app.register(fastifyStatic, {
        root: clientDir,
        // Every page is rendered: no index.html.
        index: false,
        // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent by
        // Accept-Encoding, nothing is compressed per request.
        preCompressed: true,
        // Our own cache-control below: fingerprinted assets forever, the rest revalidated.
        cacheControl: false,
        setHeaders(response, path) {
          const isFingerprinted = /[\\/]assets[\\/]/.test(path);
          response.setHeader(
            'cache-control',
            isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // Every file may be sent as its .br or .gz copy: caches must key on Accept-Encoding.
          response.setHeader('vary', 'Accept-Encoding');
        },
      });
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (devServer && !isServerPath(path)) {
        const isHandled = await new Promise<boolean>((resolve) => {
          reply.raw.once('finish', () => resolve(true));
          devServer(request.raw, reply.raw, () => resolve(false));
        });
        if (isHandled) return reply.hijack();
      }
      if (!isPageRequest(request, path)) {
        const message = isServerPath(path) ? `Route ${request.method} ${path} not found` : 'Not found.';
        return reply.code(404).send({ message, code: 'NotFound' });
      }
      return renderPage(request, reply);
    });
  },
  { name: 'web' },
);
