import { paths } from './paths';

/**
 * The module whose export renders each route (paths relative to apps/web), which app/routes.tsx
 * loads lazily. The build (vite.config.ts, routeReport) reports each route's download from it for
 * scripts/quality/bundle.mjs, and fails if this table and the lazy imports of app/routes.tsx disagree.
 */
export const ROUTE_SCREENS: readonly { route: keyof typeof paths; path: string; module: string }[] = [
  { route: 'home', module: 'landing/components/landing-page.tsx' },
  { route: 'login', module: 'auth/components/auth-screen.tsx' },
  { route: 'register', module: 'auth/components/auth-screen.tsx' },
  { route: 'businesses', module: 'businesses/components/businesses-page.tsx' },
  { route: 'booking', module: 'booking/components/booking-page.tsx' },
  { route: 'profile', module: 'profile/components/profile-page.tsx' },
  { route: 'admin', module: 'dashboard/components/dashboard-page.tsx' },
  { route: 'privacyPolicy', module: 'legal/components/privacy-policy-page.tsx' },
  { route: 'termsOfService', module: 'legal/components/terms-of-service-page.tsx' },
  { route: 'reviewPolicy', module: 'legal/components/review-policy-page.tsx' },
  { route: 'invite', module: 'invite/components/invite-page.tsx' },
].map(({ route, module }) => ({
  route: route as keyof typeof paths,
  path: paths[route as keyof typeof paths].path,
  module: `src/features/${module}`,
}));
