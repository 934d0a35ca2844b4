import { PRODUCT_NAME } from '@app/domain';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { acceptsBrotli, acceptsGzip } from '../lib/http-cache';
import { type Precompressed, precompress } from '../lib/precompress';
import { describeTheWire, type OpenApiDocument } from './openapi-document';

export const DOCS_PREFIX = '/api/docs';
const DOCUMENT_URL = `${DOCS_PREFIX}/json`;

/** The document's JSON text and its compressed copies, made once (the document never changes). */
interface CompressedDocument extends Precompressed {
  json: string;
}

/**
 * OpenAPI generated from the route schemas, finished by openapi-document.ts; the UI at /api/docs,
 * the document at /api/docs/json (in every environment, compressed when the client accepts it).
 */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${PRODUCT_NAME} API`,
          version: '0.1.0',
          description:
            'Errors always have the shape `{ message, code, errors? }`. Authenticated calls send `Authorization: Bearer <accessToken>`. Password fields may be sent base64-encoded with `X-Password-Encoding: base64` (the web client always does).',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) =>
        describeTheWire(jsonSchemaTransformObject(input) as OpenApiDocument) as ReturnType<
          typeof jsonSchemaTransformObject
        >,
    });
    // The UI's routes in a context of their own, with the hook that compresses the document: the
    // other routes do not run it (every request's hooks are its fixed cost, issue 34).
    await app.register(async (docs) => {
      let compressed: CompressedDocument | undefined;
      docs.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.url !== DOCUMENT_URL || typeof payload !== 'string') return payload;
        reply.header('vary', 'Accept-Encoding');
        const accepted = request.headers['accept-encoding'];
        const coding = acceptsBrotli(accepted) ? 'br' : acceptsGzip(accepted) ? 'gzip' : undefined;
        if (!coding || reply.statusCode !== 200) return payload;
        if (compressed?.json !== payload) {
          compressed = { json: payload, ...precompress(payload) };
        }
        reply.header('content-encoding', coding);
        return compressed[coding];
      });
      await docs.register(swaggerUi, {
        routePrefix: DOCS_PREFIX,
        // No calls to swagger's online validator: the CSP allows only this origin.
        uiConfig: { validatorUrl: null, deepLinking: true },
      });
    });
  },
  { name: 'docs' },
);
