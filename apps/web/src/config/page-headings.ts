import { paths } from './paths';

/**
 * The fixed heading that some pages open with. The page renders it, and the page shell paints it
 * first (page-shell.ts, shellHeadingHtml; the API puts it into the route's page), so the words a
 * visitor came for are on screen before any script has run, in the same place and size.
 *
 * `layout` names the page's spacing, which the shell's CSS in index.html copies:
 * - 'page': Container size lg, 32 px above (48 px from 48em), title 28 px (36 px), intro 18 px
 *   6 px below it (the businesses page);
 * - 'dashboard': 12 px side padding and 20 px above (16 px and 40 px from 48em), title 26 px (32 px)
 *   (the Business Dashboard and the profile page);
 * - 'auth': the sign-in card (features/auth, auth-screen.module.css) below 62em; from there the card
 *   sits beside a panel and the shell keeps its skeleton.
 */
export interface PageHeading {
  layout: 'page' | 'dashboard' | 'auth';
  title: string;
  intro?: string;
}

export const PAGE_HEADINGS = {
  businesses: {
    layout: 'page',
    title: paths.businesses.title,
    intro:
      'Barbers and hair and beauty providers across Northern Ireland. Pick one, choose a time and offer your price.',
  },
  admin: { layout: 'dashboard', title: 'Business Dashboard' },
  // The profile page's heading sits as the dashboard's does.
  profile: { layout: 'dashboard', title: 'My Profile' },
  // Spec §2 "Auth screen": the sign-in and sign-up views' titles.
  login: {
    layout: 'auth',
    title: 'Sign In',
    intro: 'Welcome back. Sign in to request and manage your appointments.',
  },
  register: {
    layout: 'auth',
    title: 'Sign Up',
    intro: 'Create your account to request appointments with local providers.',
  },
} as const satisfies Partial<Record<keyof typeof paths, PageHeading>>;
