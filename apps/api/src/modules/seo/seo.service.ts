import type { Db } from '../../db/database';
import { ListingRepository } from '../listing/listing.repository';

// What crawlers read besides the pages (api-contract §9.1): the sitemap and robots.txt, every
// address absolute under APP_URL.

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

export interface SeoServiceDeps {
  db: Db;
  /** APP_URL without a trailing slash (config.appUrl). */
  appUrl: string;
}

export class SeoService {
  /** Who is listed is the listing's rule: its repository answers. */
  private readonly listing: ListingRepository;

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

  private absolute(path: string): string {
    return `${this.deps.appUrl}${path}`;
  }
}
