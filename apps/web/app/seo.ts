import { OG_IMAGE_PATH, OG_IMAGE_SIZE, PRODUCT_NAME } from '@app/domain';
import type { MetaDescriptor } from 'react-router';
import { documentTitle } from '@/config/paths';

export const THEME_COLOR = '#0f2a3d';

export const DEFAULT_DESCRIPTION = `${PRODUCT_NAME}: book barbers and hair and beauty providers across Northern Ireland. Choose a time, offer your price, and get confirmed.`;

export interface PageMetaOptions {
  /** The page's own title; the tab reads "{title} · TrimTime NI". */
  title: string;
  description?: string;
  /** The page's path and query as it should be shared (its canonical address), under `appUrl`. */
  path?: string;
  /** APP_URL, from the root loader. Without it (a signed-in page) there is no canonical. */
  appUrl?: string;
  /** og:type: `website` unless the page describes one business (`business.business`). */
  type?: string;
  /** Signed-in and error pages: not for search engines. */
  noIndex?: boolean;
  /** A whole title, when the page's own must not be suffixed. */
  fullTitle?: string;
}

/**
 * The head of a page (api-contract §9.1): its title and description, a canonical link to its
 * absolute address, Open Graph tags and a Twitter card. Route modules' `meta` exports call it.
 */
export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  appUrl,
  type = 'website',
  noIndex = false,
  fullTitle,
}: PageMetaOptions): MetaDescriptor[] {
  const heading = fullTitle ?? documentTitle(title);
  const tags: MetaDescriptor[] = [{ title: heading }, { name: 'description', content: description }];
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' });
  if (appUrl && path !== undefined) {
    const url = `${appUrl}${path}`;
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { property: 'og:title', content: heading },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:type', content: type },
      { property: 'og:site_name', content: PRODUCT_NAME },
      { property: 'og:image', content: `${appUrl}${OG_IMAGE_PATH}` },
      { property: 'og:image:width', content: String(OG_IMAGE_SIZE.width) },
      { property: 'og:image:height', content: String(OG_IMAGE_SIZE.height) },
      { property: 'og:locale', content: 'en_GB' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: heading },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: `${appUrl}${OG_IMAGE_PATH}` },
    );
  }
  return tags;
}

/** The app's address from the root loader's data, for a route's `meta`. */
export function appUrlOf(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): string | undefined {
  const root = matches.find((match) => match?.id === 'root')?.data as { appUrl?: string } | undefined;
  return root?.appUrl;
}
