import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROBOTS_PATH, type SeoService, SITEMAP_PATH } from './seo.service';

export interface SeoRoutesOptions {
  seo: SeoService;
}

/** Public, the same for everyone: crawlers may keep them for an hour. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

/**
 * GET /sitemap.xml and /robots.txt (api-contract §9.1), at the site's root where crawlers look for
 * them; registered before the web app, so they win over its static files. Not API endpoints: left
 * out of the OpenAPI document.
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, { seo }) => {
  app.get(SITEMAP_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', CRAWLER_FILE_CACHE)
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemap()),
  );

  app.get(ROBOTS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CRAWLER_FILE_CACHE).type('text/plain; charset=utf-8').send(seo.robots()),
  );
};
