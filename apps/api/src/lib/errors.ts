import { ERROR_STATUS, type ErrorCode } from '@app/domain';

// The codes and their statuses are the contract's (@app/domain, shared with the web).
export { ERROR_STATUS, type ErrorCode };

/**
 * Typed application errors. Services throw them; the one error handler (plugins/errors.ts) turns
 * them into `{ message, code, errors? }` with the status ERROR_STATUS gives the code.
 */
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
