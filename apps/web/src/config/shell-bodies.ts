import { LANDING_BODY } from './landing-shell';
import { PROFILE_BODY } from './profile-shell';

/**
 * What index.html's page shell paints for a route beyond its fixed heading (page-headings.ts), for
 * pages whose first screen the shell can draw: the build puts it into the route's shell
 * (vite.config.ts, routeReport), after the heading when there is one.
 */
export const SHELL_BODIES: Partial<Record<string, string>> = { home: LANDING_BODY, profile: PROFILE_BODY };
