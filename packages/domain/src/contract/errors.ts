/**
 * Every `code` an API error body can carry (api-contract §1), with the HTTP status the API answers
 * it with. The API throws them (`AppError`); the web reads them from `ApiError.code`.
 * NOTE: no zod here, so the web's API client can name the codes without loading the schemas.
 */
export const ERROR_STATUS = {
  ValidationError: 400,
  BadRequest: 400,
  CodeMismatch: 400,
  /** A review of a booking that is not an ended Approved/Confirmed appointment of the last 30 days (api-contract §8.6). */
  NotReviewable: 400,
  ExpiredCode: 400,
  NotAuthorized: 401,
  UserNotConfirmed: 403,
  Forbidden: 403,
  NotFound: 404,
  InviteNotFound: 404,
  UsernameExists: 409,
  Conflict: 409,
  InvalidTransition: 409,
  SlotTaken: 409,
  /** A customer's cancellation inside the business's notice (api-contract §8.4). */
  TooLateToCancel: 409,
  DuplicateRequest: 409,
  /** A customer's move inside the business's notice (api-contract §9.4). */
  TooLateToReschedule: 409,
  /** A second proposal of a new time while one is open (api-contract §9.4). */
  ProposalOpen: 409,
  /** A message to a booking's thread once it has closed (api-contract §8.8). */
  ThreadClosed: 409,
  /** A second review of one booking (api-contract §8.6). */
  AlreadyReviewed: 409,
  ActiveBookings: 409,
  /** A change of hours or away dates over agreed bookings it did not say what to do with (issue 29). */
  AgreedBookingsChanged: 409,
  InviteUsed: 409,
  /** A deposit or full payment chosen without an active payout account (api-contract §9.2). */
  PaymentsNotActive: 409,
  /** Online payment is off on this server (production without Stripe keys, api-contract §9.2). */
  PaymentsUnavailable: 409,
  /** A checkout for a booking that asks for nothing now (api-contract §9.2). */
  NothingDue: 409,
  /** Removing a business's only service, or only team member (api-contract §9.3). */
  LastService: 409,
  LastMember: 409,
  /** Removing a team member with agreed bookings to come (api-contract §9.3). */
  MemberHasBookings: 409,
  InviteExpired: 410,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  /** GET /api/health's own answer when the database does not respond. */
  DatabaseUnavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
