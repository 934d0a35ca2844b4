import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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

    // An invite link carries its code in the path: never send it on as a Referer.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/invite/')) reply.header('referrer-policy', 'no-referrer');
      return payload;
    });

    // JSON only: without the text/plain parser, any other Content-Type on a body is a 415.
    app.removeContentTypeParser(['text/plain']);
  },
  { name: 'security' },
);
