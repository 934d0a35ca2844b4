import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table of spec §2 (paths in src/config/paths.ts). The public pages render on the server
 * with their data; /profile, /admin and the invite page render in the browser (a clientLoader and
 * one skeleton). A path not listed here answers 404 with the app's not-found page (root.tsx).
 */
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('businesses', 'routes/businesses.tsx'),
  route('booking/:businessId', 'routes/booking.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('review-policy', 'routes/review-policy.tsx'),
  route('invite/:inviteCode', 'routes/invite.tsx'),
] satisfies RouteConfig;
