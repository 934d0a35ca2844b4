import type { UserType } from '@app/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

/** Which user types may open a route; omitted means any signed-in user. */
export type AllowedUserTypes = readonly UserType[];

export const CUSTOMER_ONLY: AllowedUserTypes = ['User'];
export const BUSINESS_OR_ADMIN: AllowedUserTypes = ['Business', 'Admin'];

/**
 * Where a signed-in user of `userType` goes when a route does not allow them (spec §2):
 * a User on a Business-or-Admin route goes to /profile, a Business or Admin on a User route goes to
 * /admin, and any other mismatch goes to /.
 */
export function redirectForMismatch(userType: UserType | undefined, allowed: AllowedUserTypes): string {
  const isBusinessRoute = allowed.includes('Business') || allowed.includes('Admin');
  const isUserRoute = allowed.includes('User');
  if (userType === 'User' && isBusinessRoute && !isUserRoute) return paths.profile.getHref();
  if ((userType === 'Business' || userType === 'Admin') && isUserRoute && !isBusinessRoute) {
    return paths.admin.getHref();
  }
  return paths.home.getHref();
}

/**
 * The route guard of spec §2: no token → /login; a required type still unknown → 'Loading...';
 * a type that the route does not allow → the redirect above.
 */
export function RouteGuard({ allow, children }: { allow?: AllowedUserTypes; children: ReactNode }) {
  const { isAuthenticated, userType, user, isUserError } = useSession();

  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;
  if (!allow) return children;
  if (userType === undefined) {
    // A loaded profile without a known type, or a failed lookup, is a mismatch, not a wait.
    if (isUserError || user) return <Navigate to={redirectForMismatch(undefined, allow)} replace />;
    return <FullPageLoader label="Loading..." />;
  }
  if (allow.includes(userType)) return children;
  return <Navigate to={redirectForMismatch(userType, allow)} replace />;
}
