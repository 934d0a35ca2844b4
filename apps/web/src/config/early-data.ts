import type { UserType } from '@app/domain';
import type { paths } from './paths';

/** Where the API is (lib/api-client.ts sends every call under it). */
export const API_BASE_PATH = '/api';

/** The API calls whose answers the page's first render needs (paths under API_BASE_PATH). */
export const API_PATHS = {
  userDetails: '/user/userdetails',
  userBookings: '/booking/userbookings',
} as const;

/**
 * What index.html's loader asks the API for, for a signed-in visitor, while the app's files download
 * (config/page-shell.ts, APP_LOADER; lib/early-responses.ts hands the answers to the API client).
 * Every page: the profile, which the navigation bar and the route guard wait for.
 */
export const SIGNED_IN_EARLY_DATA: readonly string[] = [API_PATHS.userDetails];

/**
 * A page's own data, for the visitor types the page opens for (app/routes.tsx's PREFETCH asks for
 * the same once the app runs; the loader's answer then serves it). Built into .vite/routes.json
 * (vite.config.ts, routeReport); the API names it in the route's page.
 */
export const ROUTE_EARLY_DATA: Partial<Record<keyof typeof paths, { paths: string[]; for: UserType[] }>> = {
  profile: { paths: [API_PATHS.userBookings], for: ['User'] },
};
