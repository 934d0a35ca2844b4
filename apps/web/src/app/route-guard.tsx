import type { UserType } from '@app/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

// Rarely needed (a failed lookup): kept off the first load.
const UserLookupError = lazy(() => import('./user-lookup-error'));

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
 * The route guard of spec §2: the tab's session not read yet (the server's render and its
 * hydration) → 'Loading...'; no token → /login; a required type still unknown → 'Loading...'; a
 * type that the route does not allow → the redirect above. A failed type lookup shows an error with
 * 'Try again'. Without children it guards its child routes (a layout route).
 */
export function RouteGuard({
  allow,
  children = <Outlet />,
}: {
  allow?: AllowedUserTypes;
  children?: ReactNode;
}) {
  const { isSessionRead, isAuthenticated, userType, user, isUserError } = useSession();
  const location = useLocation();

  if (!isSessionRead) return <FullPageLoader label="Loading..." />;
  if (!isAuthenticated)
    return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
  if (!allow) return children;
  if (userType === undefined) {
    // A loaded profile without a known type is a mismatch, not a wait.
    if (user) return <Navigate to={redirectForMismatch(undefined, allow)} replace />;
    if (isUserError) {
      return (
        <Suspense fallback={<FullPageLoader label="Loading..." />}>
          <UserLookupError />
        </Suspense>
      );
    }
    return <FullPageLoader label="Loading..." />;
  }
  if (allow.includes(userType)) return children;
  return <Navigate to={redirectForMismatch(userType, allow)} replace />;
}
