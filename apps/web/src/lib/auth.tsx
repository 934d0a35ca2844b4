import type { UserProfile, UserType } from '@app/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { apiClient, refreshAccessToken } from './api-client';
import { queryKeys } from './query-keys';
import {
  clearSession,
  decodeAccessToken,
  getAccessToken,
  getRefreshToken,
  msUntilRefresh,
  type SessionTokens,
  saveSession,
  subscribeToSession,
} from './session';
import { useIsHydrated } from './use-is-hydrated';

/**
 * The signed-in session as React sees it: whether there is a token, the user's type (from
 * GET /user/userdetails, which the route guard and navigation bar need), signIn and signOut.
 * It also schedules the token refresh REFRESH_LEAD_SECONDS before the access token expires.
 */

/** GET /user/userdetails (api-contract §3). Business fields are present for Business and Admin. */
export const getUserDetails = (): Promise<UserProfile> => apiClient.get<UserProfile>('/user/userdetails');

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userDetails,
    queryFn: getUserDetails,
    staleTime: 5 * 60 * 1000,
  });

/** POST /auth/logout: revokes this login's refresh token on the server. */
export const logoutRequest = (refreshToken: string): Promise<void> =>
  apiClient.post<void>('/auth/logout', { refreshToken });

// Every UserType, checked complete by the compiler. NOTE: not @app/domain's USER_TYPES, which sits
// in the zod schema module and would bring zod onto every page's first load.
const USER_TYPE_SET: Record<UserType, true> = { User: true, Business: true, Admin: true };

export const isUserType = (value: unknown): value is UserType =>
  typeof value === 'string' && Object.hasOwn(USER_TYPE_SET, value);

/** The user type an access token claims (undefined without a token or a known type). */
export function claimedUserTypeOf(accessToken: string | null): UserType | undefined {
  const claimed = accessToken ? decodeAccessToken(accessToken)?.userType : undefined;
  return isUserType(claimed) ? claimed : undefined;
}

// The longest delay setTimeout accepts (about 24.8 days); anything longer fires at once.
const MAX_TIMEOUT_MS = 2_147_483_647;

export interface SessionContextValue {
  isAuthenticated: boolean;
  /** The signed-in user's type; undefined while unknown (loading, failed, or signed out). */
  userType: UserType | undefined;
  user: UserProfile | undefined;
  /**
   * The type the access token claims, known before the profile loads (the server checks every
   * request regardless); undefined when signed out.
   */
  claimedUserType: UserType | undefined;
  isUserLoading: boolean;
  isUserError: boolean;
  /**
   * Whether this tab's session has been read. Not in the server's render nor in the browser's
   * hydration of it (both have none), nor while the render after that is under way: until then a
   * signed-out look says nothing, and a route guard waits.
   */
  isSessionRead: boolean;
  /** Stores the tokens of a successful sign-in (localStorage for 30 days with remember-me). */
  signIn: (tokens: SessionTokens, options: { rememberMe: boolean }) => void;
  /** Forgets the session locally, and asks the server to revoke its refresh token (best effort). */
  signOut: () => Promise<void>;
}

const noSession = () => null;

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The tab's own session from the render after hydration, a transition (useIsHydrated).
  const isSessionRead = useIsHydrated();
  const accessToken = useSyncExternalStore(
    subscribeToSession,
    isSessionRead ? getAccessToken : noSession,
    noSession,
  );
  const isAuthenticated = accessToken !== null;

  const userQuery = useQuery({ ...userDetailsQueryOptions(), enabled: isAuthenticated });

  // Signed out, the details go. The hydrating render has no session yet (the server's has none):
  // the tab's own session decides, so the details a signed-in page's loader is reading stay.
  useEffect(() => {
    if (!isAuthenticated && getAccessToken() === null) {
      queryClient.removeQueries({ queryKey: userDetailsQueryOptions().queryKey });
    }
  }, [isAuthenticated, queryClient]);

  // Refresh REFRESH_LEAD_SECONDS before the access token expires; a failed refresh ends the session.
  useEffect(() => {
    if (!accessToken) return;
    const delay = msUntilRefresh(accessToken);
    if (delay === null) return;
    const timer = window.setTimeout(
      () => {
        refreshAccessToken(accessToken).catch(() => {
          // refreshAccessToken has already cleared the tokens and sent the user to /login.
        });
      },
      Math.min(delay, MAX_TIMEOUT_MS),
    );
    return () => window.clearTimeout(timer);
  }, [accessToken]);

  const signIn = useCallback<SessionContextValue['signIn']>(
    (tokens, options) => {
      queryClient.removeQueries({ queryKey: userDetailsQueryOptions().queryKey });
      saveSession(tokens, options);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const refreshToken = getRefreshToken();
    // The tab's session ends first (this tab's wizard drafts too): nothing it still asks, such as
    // the unread count, goes out with a token the server is about to revoke (a 401). The caller
    // moves on at once; the server's answer is not waited for (a signed-in page's guard would
    // otherwise send the person to /login?next=… in the meantime).
    clearSession();
    queryClient.clear();
    if (refreshToken) {
      logoutRequest(refreshToken).catch((error: unknown) => {
        // The local session has ended regardless; the server-side token expires on its own.
        console.warn('Logout request failed', error);
      });
    }
  }, [queryClient]);

  const rawType = userQuery.data?.UserType;
  const claimedUserType = claimedUserTypeOf(accessToken);
  const value = useMemo<SessionContextValue>(
    () => ({
      isAuthenticated,
      userType: isAuthenticated && isUserType(rawType) ? rawType : undefined,
      user: isAuthenticated ? userQuery.data : undefined,
      claimedUserType,
      isUserLoading: isAuthenticated && userQuery.isPending,
      isUserError: isAuthenticated && userQuery.isError,
      isSessionRead,
      signIn,
      signOut,
    }),
    [
      isAuthenticated,
      rawType,
      claimedUserType,
      userQuery.data,
      userQuery.isPending,
      userQuery.isError,
      isSessionRead,
      signIn,
      signOut,
    ],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const context = use(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
}
