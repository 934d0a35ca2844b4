import { BOOKING_LINK_PARAM } from '@app/domain';
/**
 * Every route of the web app in one place (product spec §2). Components link with `paths.x.getHref()`;
 * the router registers `paths.x.path`; `title` names the page in the browser tab and history
 * ("Login · TrimTime NI", set on every navigation by the root layout).
 */
/** `/login?session=ended`: the sign-in page says the session ended (a refresh failed). */
export const SESSION_PARAM = 'session';
export const SESSION_ENDED = 'ended';
/** Signing in never returns to a sign-in or sign-up page. */
const AUTH_PAGE = /^\/(login|register)(?=[/?#]|$)/;

/** Where the browser is now, as a `next` for /login: its path, query and fragment. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export const paths = {
  home: { path: '/', getHref: () => '/', title: 'Book a Barber' },
  login: {
    path: '/login',
    /**
     * With the page to return to after signing in (`next`, a path of this site), and whether a
     * session in use has just ended (`session=ended`: the page says so).
     */
    getHref: (next?: string, { sessionEnded = false }: { sessionEnded?: boolean } = {}) => {
      const query = new URLSearchParams({
        ...(next && next !== '/' && !AUTH_PAGE.test(next) ? { next } : {}),
        ...(sessionEnded ? { [SESSION_PARAM]: SESSION_ENDED } : {}),
      }).toString();
      return query ? `/login?${query}` : '/login';
    },
    title: 'Login',
  },
  register: { path: '/register', getHref: () => '/register', title: 'Register' },
  businesses: { path: '/businesses', getHref: () => '/businesses', title: 'Available Barbers' },
  booking: {
    path: '/booking/:businessId',
    getHref: (businessId: string) => `/booking/${encodeURIComponent(businessId)}`,
    title: 'Request an Appointment',
  },
  profile: {
    path: '/profile',
    /**
     * With a bookings tab (`?tab=requested`) and a booking to bring into view (`&booking=ID`, the
     * parameter the server's emails use: the domain's bookingCardPath).
     */
    getHref: ({ tab, booking }: { tab?: string; booking?: string } = {}) => {
      const query = new URLSearchParams({
        ...(tab ? { tab } : {}),
        ...(booking ? { [BOOKING_LINK_PARAM]: booking } : {}),
      }).toString();
      return query ? `/profile?${query}` : '/profile';
    },
    title: 'Profile',
  },
  admin: { path: '/admin', getHref: () => '/admin', title: 'Admin Dashboard' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy', title: 'Privacy Policy' },
  termsOfService: {
    path: '/terms-of-service',
    getHref: () => '/terms-of-service',
    title: 'Terms of Service',
  },
  reviewPolicy: { path: '/review-policy', getHref: () => '/review-policy', title: 'How Reviews Work' },
  invite: {
    path: '/invite/:inviteCode',
    getHref: (inviteCode: string) => `/invite/${encodeURIComponent(inviteCode)}`,
    title: 'Business Registration',
  },
} as const;

/**
 * Where to go after signing in: the `next` a sign-in link carries when it is a path of this site
 * (never another origin, `//host` or `/\\host`), else the home page.
 */
export function nextPathOf(next: string | null): string {
  const isLocalPath = next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');
  return isLocalPath && next ? next : '/';
}

export const SITE_NAME = 'TrimTime NI';
export const NOT_FOUND_TITLE = 'Page Not Found';

/** The browser tab's title for a page title. */
export const documentTitle = (pageTitle: string) => `${pageTitle} · ${SITE_NAME}`;
