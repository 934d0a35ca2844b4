import { MESSAGES, type UserType } from '@app/domain';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { paths } from '@/config/paths';
import { userDetailsQueryOptions, useSession } from '@/lib/auth';

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
 * The user lookup failed (network or server error): say so and offer to try again, rather than
 * sending the person elsewhere. A 401 never lands here: the API client refreshes the session, or
 * ends it (and the guard then sends the person to /login).
 */
function UserLookupError() {
  const queryClient = useQueryClient();
  const { queryKey } = userDetailsQueryOptions();
  const isFetching = useIsFetching({ queryKey }) > 0;
  return (
    <Center mih="50vh" px="md">
      <Alert color="red" variant="light" title={MESSAGES.failedToLoadData} maw={480} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button
            variant="white"
            color="red"
            loading={isFetching}
            onClick={() => void queryClient.refetchQueries({ queryKey })}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

/**
 * The route guard of spec §2: no token → /login; a required type still unknown → 'Loading...';
 * a type that the route does not allow → the redirect above. A failed type lookup shows an error
 * with 'Try again'.
 */
export function RouteGuard({ allow, children }: { allow?: AllowedUserTypes; children: ReactNode }) {
  const { isAuthenticated, userType, user, isUserError } = useSession();

  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace />;
  if (!allow) return children;
  if (userType === undefined) {
    // A loaded profile without a known type is a mismatch, not a wait.
    if (user) return <Navigate to={redirectForMismatch(undefined, allow)} replace />;
    if (isUserError) return <UserLookupError />;
    return <FullPageLoader label="Loading..." />;
  }
  if (allow.includes(userType)) return children;
  return <Navigate to={redirectForMismatch(userType, allow)} replace />;
}
