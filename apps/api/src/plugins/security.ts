import { hasInvalidCharacters, MESSAGES } from '@app/domain';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

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

/** Security headers for every response (API, web app and docs). */
export const securityPlugin = fp<{ isProduction: boolean }>(
  async (app, { isProduction }) => {
    await app.register(helmet, {
      global: true,
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
      // HSTS only means something over HTTPS, i.e. a production deployment behind TLS.
      strictTransportSecurity: isProduction,
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // An invite link carries its code in the path: never send it on as a Referer.
      if (request.url.startsWith('/invite/')) reply.header('referrer-policy', 'no-referrer');
      // API answers hold tokens and personal data: no browser, proxy or back-forward cache keeps them.
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });

    // Defence in depth behind the schemas (whose text fields refuse control characters with a field
    // message): no string with NUL or another control character reaches a handler from the body,
    // the query or the path, whatever its schema. PostgreSQL would answer NUL with an error (a 500).
    app.addHook('preHandler', async (request) => {
      const found =
        findInvalidText(request.params, '') ??
        findInvalidText(request.query, '') ??
        findInvalidText(request.body, '');
      if (found !== null) {
        const field = found || 'body';
        throw new AppError('ValidationError', MESSAGES.invalidCharacters, undefined, {
          [field]: MESSAGES.invalidCharacters,
        });
      }
    });

    // JSON only: without the text/plain parser, any other Content-Type on a body is a 415.
    app.removeContentTypeParser(['text/plain']);
  },
  { name: 'security' },
);
