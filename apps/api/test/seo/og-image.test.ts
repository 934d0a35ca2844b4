import { readFileSync } from 'node:fs';
import { OG_IMAGE_PATH, OG_IMAGE_SIZE } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OG_IMAGE_FILE, SeoService } from '../../src/modules/seo/seo.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

// api-contract §9.1: `og:image` is served by the app itself.

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describeEachDatabase('the Open Graph image', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it(`GET ${OG_IMAGE_PATH} answers the 1200×630 PNG, kept by caches for 30 days`, async () => {
    const response = await t.app.inject({ url: OG_IMAGE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=2592000');
    expect(response.rawPayload).toEqual(readFileSync(OG_IMAGE_FILE));
    expect(pngSize(response.rawPayload)).toEqual(OG_IMAGE_SIZE);
    // Small enough for every link preview (some refuse images of several MB).
    expect(response.rawPayload.length).toBeLessThan(60 * 1024);
  });

  it('answers 304 to a cache that already holds it', async () => {
    const first = await t.app.inject({ url: OG_IMAGE_PATH });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await t.app.inject({ url: OG_IMAGE_PATH, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('is not there, rather than an error, when the file is missing (a bundle copied without assets/)', async () => {
    const seo = new SeoService({
      db: database().db,
      appUrl: t.config.appUrl,
      ogImageFile: '/nonexistent/og.png',
    });
    expect(await seo.ogImage()).toBeNull();
  });
});
