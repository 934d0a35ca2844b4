import { paths } from './paths';

/**
 * The module whose export renders each route (paths relative to apps/web), which app/routes.tsx
 * loads lazily. The build (vite.config.ts, routeReport) reports each route's download from it for
 * scripts/quality/bundle.mjs, and fails if this table and the lazy imports of app/routes.tsx disagree.
 */
export const ROUTE_SCREENS: readonly {
  route: keyof typeof paths;
  path: string;
  module: string;
  /** Behind the route guard: without a session the visitor goes to /login (config/page-shell.ts). */
  signedIn?: boolean;
}[] = [
  { route: 'home', module: 'landing/components/landing-page.tsx' },
  { route: 'login', module: 'auth/components/auth-screen.tsx' },
  { route: 'register', module: 'auth/components/auth-screen.tsx' },
  { route: 'businesses', module: 'businesses/components/businesses-page.tsx' },
  { route: 'booking', signedIn: true, module: 'booking/components/booking-page.tsx' },
  { route: 'profile', signedIn: true, module: 'profile/components/profile-page.tsx' },
  { route: 'admin', signedIn: true, module: 'admin/components/admin-page.tsx' },
  { route: 'privacyPolicy', module: 'legal/components/privacy-policy-page.tsx' },
  { route: 'termsOfService', module: 'legal/components/terms-of-service-page.tsx' },
  { route: 'invite', module: 'invite/components/invite-page.tsx' },
].map(({ route, module, signedIn }: { route: string; module: string; signedIn?: boolean }) => ({
  route: route as keyof typeof paths,
  ...(signedIn ? { signedIn } : {}),
  path: paths[route as keyof typeof paths].path,
  module: `src/features/${module}`,
}));
