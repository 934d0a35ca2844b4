import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database';
import { API_PACKAGE_DIR } from '../../paths';
import { ListingRepository } from '../../repositories/listing.repository';

// What crawlers and link previews read besides the pages (api-contract §9.1): the sitemap and
// robots.txt, every address absolute under APP_URL, and the Open Graph image.

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/** The public pages a search engine should know besides each business's: the landing page and the list. */
const LISTED_PAGES = ['/', '/businesses'] as const;
/** A business's page (the web app's `/booking/:businessId`). */
const businessPagePath = (businessId: string) => `/booking/${encodeURIComponent(businessId)}`;

/** Signed-in pages, the API and the development pages: nothing there for a search engine. */
const DISALLOWED = ['/admin', '/profile', '/api/', '/dev/'] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** The Open Graph image, 1200×630, made from og-image.html beside it (how: its first line). */
export const OG_IMAGE_FILE = join(API_PACKAGE_DIR, 'assets', 'og-image.png');

export interface OgImage {
  body: Buffer;
  /** A strong ETag of the bytes. */
  etag: string;
}

export interface SeoServiceDeps {
  db: Db;
  /** APP_URL without a trailing slash (config.appUrl). */
  appUrl: string;
  /** Default OG_IMAGE_FILE. */
  ogImageFile?: string;
}

export class SeoService {
  /** Who is listed is the listing's rule: its repository answers. */
  private readonly listing: ListingRepository;
  #ogImage: Promise<OgImage | null> | undefined;

  constructor(private readonly deps: SeoServiceDeps) {
    this.listing = new ListingRepository(deps.db);
  }

  /**
   * The sitemap (sitemaps.org 0.9): the landing page, the list and every listed business's page.
   * NOTE: one file holds at most 50,000 addresses; past that it needs a sitemap index.
   */
  async sitemap(): Promise<string> {
    const businesses = await this.listing.listedIds();
    const paths = [...LISTED_PAGES, ...businesses.map((business) => businessPagePath(business.id))];
    const entries = paths.map((path) => `  <url><loc>${escapeXml(this.absolute(path))}</loc></url>`);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
  }

  /** robots.txt: crawl everything but the signed-in pages, the API and /dev/; where the sitemap is. */
  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.absolute(SITEMAP_PATH)}`,
      '',
    ].join('\n');
  }

  /** The Open Graph image, read once; null when the file is missing (a copied bundle without assets/). */
  ogImage(): Promise<OgImage | null> {
    this.#ogImage ??= readFile(this.deps.ogImageFile ?? OG_IMAGE_FILE).then(
      (body) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        // Anything else may pass: the next request reads again.
        this.#ogImage = undefined;
        throw error;
      },
    );
    return this.#ogImage;
  }

  private absolute(path: string): string {
    return `${this.deps.appUrl}${path}`;
  }
}
