import { describe, expect, it } from 'vitest';
import { appUrlOf, pageMeta } from './seo';

const APP_URL = 'https://trimtime.example';
const tagsOf = (tags: ReturnType<typeof pageMeta>) => tags.map((tag) => JSON.stringify(tag));

// api-contract §9.1: every server-rendered page has its title, description, canonical and Open Graph.
describe('pageMeta', () => {
  it('gives a public page its title, description, canonical address, Open Graph tags and a Twitter card', () => {
    const tags = pageMeta({ title: 'Login', description: 'Sign in.', path: '/login', appUrl: APP_URL });
    expect(tags).toContainEqual({ title: 'Login · TrimTime NI' });
    expect(tags).toContainEqual({ name: 'description', content: 'Sign in.' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${APP_URL}/login` });
    expect(tags).toContainEqual({ property: 'og:url', content: `${APP_URL}/login` });
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' });
    expect(tags).toContainEqual({ property: 'og:image', content: `${APP_URL}/og-image.png` });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tagsOf(tags).some((tag) => tag.includes('noindex'))).toBe(false);
  });

  it('keeps a signed-in page out of search engines, with no canonical address', () => {
    const tags = pageMeta({ title: 'Profile', noIndex: true });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tagsOf(tags).some((tag) => tag.includes('canonical') || tag.includes('og:'))).toBe(false);
  });

  it("reads APP_URL from the root route's data", () => {
    expect(
      appUrlOf([
        { id: 'root', data: { appUrl: APP_URL } },
        { id: 'routes/home', data: null },
      ]),
    ).toBe(APP_URL);
    expect(appUrlOf([undefined])).toBeUndefined();
  });
});
