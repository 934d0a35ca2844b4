/**
 * The landing page's hero, which the page renders (features/landing: LandingPage) and the page shell
 * paints before any script has run (landing-shell.ts). One source, so the two always agree.
 *
 * The lead names the product as the domain's PRODUCT_NAME does (the landing page's test checks it):
 * the build reads this module when it loads vite.config.ts, where the domain's TypeScript cannot be
 * loaded (as index.html's header writes the name too).
 */
export const LANDING_HERO = {
  eyebrow: 'Barbers, hair & beauty across Northern Ireland',
  /** The title's two lines: the second is the accent. */
  title: 'Look sharp.',
  accent: 'Book in minutes.',
  lead: 'TrimTime NI connects you with local barbers and hair and beauty providers. Pick a time that suits you, offer your price, and get a confirmed appointment, at the shop or at home.',
  action: 'Request Now',
} as const;
