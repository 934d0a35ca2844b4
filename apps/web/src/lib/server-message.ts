import { ApiError } from './api-client';

export interface ServerMessageOptions {
  /**
   * Also count the client's own 'Could not reach the server…' (status 0), for screens that explain a
   * network failure in the same place rather than with their fallback text.
   */
  includeNetworkError?: boolean;
  /**
   * Also count the bare HTTP status text of an answer without the API's error body (code
   * 'HttpError', e.g. a proxy's 'Bad Gateway'), for screens that show whatever came back.
   */
  includeStatusText?: boolean;
}

/**
 * The message to show for a failed call (spec §8: the server's message where present), or null when
 * there is none and the caller shows its own fallback text (`serverMessageOf(error) ?? fallback`).
 * By default that is only what the API itself said, in its `{ message, code }` body; the options
 * widen it. A blank message counts as none.
 */
export function serverMessageOf(error: unknown, options: ServerMessageOptions = {}): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0 && !options.includeNetworkError) return null;
  if (error.code === 'HttpError' && !options.includeStatusText) return null;
  return error.message.trim() || null;
}
