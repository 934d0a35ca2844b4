import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasInvalidCharacters, MESSAGES } from '@app/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/errors';
import { handleError } from './errors';

/**
 * The path (`a.b.0`) of the first string in `value` that holds a control character other than tab,
 * line feed and carriage return, or null. Walks plain objects and arrays only.
 */
export function findInvalidText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasInvalidCharacters(value, { multiline: true }) ? path : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasInvalidCharacters(key, { multiline: true })) return path;
    const found = findInvalidText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The headers every response carries (API, web app, docs and the framework's own errors). */
const HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // NOTE: Mantine (and Swagger UI) set inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Sent by the hook below, and only over HTTPS.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/** ASVS 3.4.1: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HTTPS: a TLS socket, or `X-Forwarded-Proto: https` from a trusted proxy (TRUST_PROXY; Fastify
 * believes the header only from one). HSTS over plain HTTP would be ignored and means nothing.
 */
const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The web app's invite page (`/invite/:inviteCode`) carries the code in its path. The router
 * matches paths case-insensitively and decoded, so this does too.
 */
export function isInvitePage(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: the raw path is all there is.
  }
  return /^\/+invite(?:\/|$)/i.test(decoded);
}

/**
 * The headers helmet sets for HEADERS, worked out once. They do not depend on the request (no
 * nonces, no functions), so each response copies the same list instead of running helmet's
 * middleware: @fastify/helmet would build that middleware again for every request.
 */
function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(HEADERS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}
export const SECURITY_HEADERS = helmetHeaders();

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  const raw = reply.raw;
  for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
  if (isHttps(request)) raw.setHeader('strict-transport-security', HSTS);
}

/**
 * Fastify's `frameworkErrors`: the few errors it raises before any hook runs (a malformed URL, an
 * over-long path parameter). They get the same headers and the contract's body as any other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  reply.header('cache-control', 'no-store');
  return handleError(error, request, reply);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The Cache-Control of a route's answers under /api (default `no-store`). Only public routes
     * whose answers hold no personal data may set anything else (the read cache's `no-cache`).
     */
    cacheControl?: string;
  }
}

/**
 * Security headers for every response (API, web app and docs). HSTS follows the request (HTTPS or
 * not), not the environment.
 */
export const securityPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request, reply);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const url = request.url;
      if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
        // API answers hold tokens and personal data: no browser, proxy or back-forward cache keeps
        // them, unless the route says otherwise for its answers (public lists, revalidated with an
        // ETag); never for its errors.
        const routeCacheControl = request.routeOptions.config.cacheControl;
        reply.header(
          'cache-control',
          routeCacheControl !== undefined && reply.statusCode < 400 ? routeCacheControl : 'no-store',
        );
      } else if (isInvitePage(url)) {
        // An invite link carries its code in the path: never send it on as a Referer.
        reply.header('referrer-policy', 'no-referrer');
      }
      done(null, payload);
    });

    // Defence in depth behind the schemas (whose text fields refuse control characters with a field
    // message): no string with NUL or another control character reaches a handler from the body,
    // the query or the path, whatever its schema. PostgreSQL would answer NUL with an error (a 500).
    // A callback hook, not an async one: it runs on every request (issue 34's fixed cost).
    app.addHook('preHandler', (request, _reply, done) => {
      const found =
        findInvalidText(request.params, '') ??
        findInvalidText(request.query, '') ??
        findInvalidText(request.body, '');
      if (found === null) return done();
      const field = found || 'body';
      done(
        new AppError('ValidationError', MESSAGES.invalidCharacters, undefined, {
          [field]: MESSAGES.invalidCharacters,
        }),
      );
    });

    // JSON only: without the text/plain parser, any other Content-Type on a body is a 415.
    app.removeContentTypeParser(['text/plain']);
  },
  { name: 'security' },
);
