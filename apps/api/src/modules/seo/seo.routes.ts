import { OG_IMAGE_PATH } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchesEtag } from '../../lib/http-cache';
import { ROBOTS_PATH, type SeoService, SITEMAP_PATH } from './seo.service';

export interface SeoRoutesOptions {
  seo: SeoService;
}

/** Public, the same for everyone: crawlers may keep them for an hour. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';
/**
 * Link previews fetch the image again and again: kept for 30 days, then revalidated by its ETag.
 * Not `immutable`: its address has no fingerprint, so a new image must reach caches some day.
 */
const OG_IMAGE_CACHE = 'public, max-age=2592000';

/**
 * GET /sitemap.xml, /robots.txt and /og-image.png (api-contract §9.1), at the site's root where
 * crawlers look for them; registered before the web app, so they win over its static files. Not API
 * endpoints: left out of the OpenAPI document.
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

  app.get(OG_IMAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const image = await seo.ogImage();
    if (!image) return reply.callNotFound();
    reply.header('cache-control', OG_IMAGE_CACHE).header('etag', image.etag);
    if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
    return reply.type('image/png').send(image.body);
  });
};
