import { describe, expect, it } from 'vitest';
import { nextPathOf, paths } from './paths';

// api-contract §9.1: signing in returns to the page that asked, and only to a page of this site.
describe('the page to return to after signing in', () => {
  it('carries the asking page in the sign-in link, and none for the home page', () => {
    expect(paths.login.getHref('/booking/biz-1?step=review')).toBe(
      '/login?next=%2Fbooking%2Fbiz-1%3Fstep%3Dreview',
    );
    expect(paths.login.getHref('/')).toBe('/login');
    expect(paths.login.getHref()).toBe('/login');
  });

  it('says when a session ended, and never returns to a sign-in page (issue 29, item 3)', () => {
    expect(paths.login.getHref('/admin?tab=hours', { sessionEnded: true })).toBe(
      '/login?next=%2Fadmin%3Ftab%3Dhours&session=ended',
    );
    expect(paths.login.getHref('/login?next=%2Fprofile', { sessionEnded: true })).toBe(
      '/login?session=ended',
    );
    expect(paths.login.getHref('/register')).toBe('/login');
    expect(paths.login.getHref('/registered-shops')).toBe('/login?next=%2Fregistered-shops');
  });

  it('returns to a path of this site, query and all', () => {
    expect(nextPathOf('/profile')).toBe('/profile');
    expect(nextPathOf('/booking/biz-1?step=review')).toBe('/booking/biz-1?step=review');
  });

  it.each([
    null,
    '',
    'profile',
    '//evil.example/profile',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('goes home for %j, never to another site', (next) => {
    expect(nextPathOf(next)).toBe('/');
  });
});
