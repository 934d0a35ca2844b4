/**
 * Every TanStack Query key of the app, in one place: queries build their options from these and
 * mutations invalidate through them, so no key is ever retyped.
 */
export const queryKeys = {
  userDetails: ['user', 'details'] as const,
  notificationSettings: ['user', 'notification-settings'] as const,
  /** The business's payout account and what it asks customers to pay online (api-contract §9.2). */
  payments: ['user', 'payments'] as const,
  paymentAccount: ['user', 'payments', 'account'] as const,
  paymentSettings: ['user', 'payments', 'settings'] as const,
  /** The business's own team (api-contract §9.3). */
  team: ['user', 'team'] as const,
  services: ['user', 'services'] as const,
  bookingSettings: ['user', 'booking-settings'] as const,
  /** Time blocked on the team's diaries (issue 32 item 6). */
  blocks: ['user', 'blocks'] as const,
  /** The days the signed-in customer waits for a time (api-contract §9.4). */
  waitlist: ['user', 'waitlist'] as const,
  /** POST /auth/verify-invite for one invite code (a read: it changes nothing). */
  inviteCheck: (inviteCode: string) => ['invites', inviteCode, 'check'] as const,
  /** GET /auth/invites: the invitations the Admins sent. */
  sentInvites: ['invites', 'sent'] as const,
  businesses: ['businesses'] as const,
  /** One search of the businesses list (its filters and sort); its pages live under it. */
  businessSearch: (filters: object) => ['businesses', 'search', filters] as const,
  businessTowns: ['businesses', 'towns'] as const,
  availableTimes: (businessId: string) => ['businesses', businessId, 'available-times'] as const,
  /** Root of every booking list (customer and business); invalidate this after any booking change. */
  bookings: ['bookings'] as const,
  userBookings: ['bookings', 'mine'] as const,
  businessBookings: ['bookings', 'business'] as const,
  /** GET /booking/unread: the signed-in user's unread lines, in all and per booking. */
  unreadMessages: ['messages', 'unread'] as const,
  /** Root of every booking thread's lines. */
  bookingThreads: ['messages', 'thread'] as const,
  /** The lines of one booking's thread, as far as they have been read from the server. */
  bookingThread: (bookingId: string) => ['messages', 'thread', bookingId] as const,
  /** Root of every reviews query; invalidate this after any review change. */
  reviews: ['reviews'] as const,
  /** GET /booking/reviews of one business (its pages live under it). */
  businessReviews: (businessId: string) => ['reviews', 'business', businessId] as const,
  /** GET /booking/my-reviews: the signed-in customer's own reviews. */
  myReviews: ['reviews', 'mine'] as const,
  /** GET /booking/review-reports: what the Admin moderates. */
  reportedReviews: ['reviews', 'reported'] as const,
};
