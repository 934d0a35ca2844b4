/**
 * Every route of the web app in one place (product spec §2). Components link with `paths.x.getHref()`;
 * the router registers `paths.x.path`.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  businesses: { path: '/businesses', getHref: () => '/businesses' },
  booking: {
    path: '/booking/:businessId',
    getHref: (businessId: string) => `/booking/${encodeURIComponent(businessId)}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  admin: { path: '/admin', getHref: () => '/admin' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  invite: {
    path: '/invite/:inviteCode',
    getHref: (inviteCode: string) => `/invite/${encodeURIComponent(inviteCode)}`,
  },
} as const;
