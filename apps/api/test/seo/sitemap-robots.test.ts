import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createBusiness, createCustomer } from '../helpers/marketplace';

// api-contract §9.1: GET /sitemap.xml lists `/`, `/businesses` and every listed business's page as
// absolute URLs; GET /robots.txt allows crawling but for the signed-in pages, the API and /dev/,
// and names the sitemap.

const APP_URL = 'https://trimtime.example';

/** The <loc> addresses of a sitemap, unescaped. */
const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    (match[1] ?? '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  );

describeEachDatabase('sitemap.xml and robots.txt', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db, { config: { appUrl: APP_URL } });
  });
  afterAll(() => t.close());
  const db = () => database().db;

  it('GET /sitemap.xml lists the landing page, the list and every listed business’s page, and no one else', async () => {
    const listed = await createBusiness(t, db(), { business_name: 'Listed Cuts' });
    const admin = await createBusiness(t, db(), { user_type: 'Admin', business_name: 'Listed Admin Cuts' });
    const unlisted = await createBusiness(t, db(), { business_name: 'Hidden Cuts', is_listed: 0 });
    const unconfirmed = await createBusiness(t, db(), { business_name: 'New Cuts', is_confirmed: 0 });
    const customer = await createCustomer(t, db());

    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    expect(response.body.trimEnd().endsWith('</urlset>')).toBe(true);

    const locs = locsOf(response.body);
    expect(locs.slice(0, 2)).toEqual([`${APP_URL}/`, `${APP_URL}/businesses`]);
    expect(locs).toContain(`${APP_URL}/booking/${listed.id}`);
    expect(locs).toContain(`${APP_URL}/booking/${admin.id}`);
    for (const hidden of [unlisted, unconfirmed, customer]) {
      expect(locs.some((loc) => loc.includes(hidden.id))).toBe(false);
    }
    // Exactly the listed businesses, each once, as the public list has them.
    const list = await t.app.inject({ url: '/api/booking/businesses?limit=100&sort=name' });
    const listedIds = (list.json() as { businesses: { id: string }[] }).businesses.map((b) => b.id);
    expect(locs.slice(2).sort()).toEqual(listedIds.map((id) => `${APP_URL}/booking/${id}`).sort());
  });

  it('GET /robots.txt allows crawling, keeps crawlers out of the signed-in pages, the API and /dev/, and names the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /profile',
        'Disallow: /api/',
        'Disallow: /dev/',
        '',
        `Sitemap: ${APP_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('writes the addresses XML-escaped', async () => {
    const odd = await createTestApp(db(), { config: { appUrl: 'https://trimtime.example/a&b' } });
    try {
      const response = await odd.app.inject({ url: '/sitemap.xml' });
      expect(response.body).toContain('<loc>https://trimtime.example/a&amp;b/</loc>');
      expect(response.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect((await odd.app.inject({ url: '/robots.txt' })).body).toContain(
        'Sitemap: https://trimtime.example/a&b/sitemap.xml',
      );
    } finally {
      await odd.close();
    }
  });

  it('are served ahead of files of the same name in the web build', async () => {
    const webBuild = mkdtempSync(join(tmpdir(), 'web-build-'));
    mkdirSync(join(webBuild, 'client'));
    writeFileSync(join(webBuild, 'client', 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    writeFileSync(join(webBuild, 'client', 'sitemap.xml'), '<urlset/>');
    const built = await createTestApp(db(), { config: { appUrl: APP_URL, webBuild } });
    try {
      expect((await built.app.inject({ url: '/robots.txt' })).body).toContain('Allow: /\n');
      expect(locsOf((await built.app.inject({ url: '/sitemap.xml' })).body)[0]).toBe(`${APP_URL}/`);
    } finally {
      await built.close();
      rmSync(webBuild, { recursive: true, force: true });
    }
  });
});
