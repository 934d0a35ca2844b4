/**
 * Typed application errors. Services throw them; the one error handler (plugins/errors.ts) turns
 * them into `{ message, code, errors? }` with the status below.
 */
export const ERROR_STATUS = {
  ValidationError: 400,
  BadRequest: 400,
  CodeMismatch: 400,
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
  DuplicateRequest: 409,
  ActiveBookings: 409,
  InviteUsed: 409,
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

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.status = status ?? ERROR_STATUS[code];
  }
}

/** 429 with the number of seconds the client should wait (sent as `Retry-After`). */
export class RateLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TooManyRequests', 'Too many attempts. Please try again later.');
  }
}

export const notAuthorized = (message = 'Missing or invalid access token.') =>
  new AppError('NotAuthorized', message);
