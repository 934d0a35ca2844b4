import type { ApiError as ApiErrorBody, ErrorCode, RefreshResponse } from '@app/domain';
import { currentPath, paths } from '@/config/paths';
import { clearSession, getAccessToken, getRefreshToken, getSession, updateTokens } from './session';

/**
 * The one HTTP client (spec §7, api-contract §1): base /api, credentials included, JSON in and out,
 * the Bearer token from storage on every request, and the 401 rule: one refresh, concurrent requests
 * queued behind it and retried with the new token; without a refresh token, or when the refresh
 * fails, every token is cleared and the user is sent to /login.
 */

/** Where the API is: every call goes under it. */
export const API_BASE_PATH = '/api';
export const PASSWORD_ENCODING_HEADER = 'X-Password-Encoding';
const PASSWORD_FIELDS = ['password', 'newPassword', 'confirmPassword'] as const;

/** The codes of failures the client names itself: no answer, or an answer that is not the API's. */
export type ClientErrorCode = 'NetworkError' | 'HttpError' | 'NoRefreshToken' | 'InvalidRefreshResponse';

/** A failed call, parsed from the API's `{ message, code, errors }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** Per-field messages of a validation failure (`errors`), empty otherwise. */
  readonly fieldErrors: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode | ClientErrorCode,
    message: string,
    fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Base64 of the UTF-8 bytes of a password (spec §7). */
export function encodePassword(password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(password)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A copy of `body` with password, newPassword and confirmPassword base64-encoded. */
export function encodePasswordFields<T extends object>(body: T): T {
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of PASSWORD_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = encodePassword(value);
  }
  return copy as T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Base64-encode the password fields and send `X-Password-Encoding: base64`. */
  encodePasswords?: boolean;
  signal?: AbortSignal;
  /** 'blob': the body as a Blob (a file download such as the CSV export), not JSON. */
  responseType?: 'json' | 'blob';
}

type SessionExpiredHandler = () => void;
let handleSessionExpired: SessionExpiredHandler = () =>
  window.location.assign(paths.login.getHref(currentPath(), { sessionEnded: true }));

/** Lets the app navigate in-app (router) instead of a full page load when the session ends. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  const previous = handleSessionExpired;
  handleSessionExpired = handler;
  return () => {
    handleSessionExpired = previous;
  };
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Ends a session that could not be kept, and sends the person to sign in again. A call that finds
 * no session at all (one already signed out here or in another tab, with a request still in flight)
 * ends nothing: sign-out has already taken the person where they were going, and "Your session
 * ended" would not be true.
 */
function endSession(): void {
  const hadSession = getSession() !== null;
  clearSession();
  if (hadSession) handleSessionExpired();
}

// NOTE: refresh tokens rotate and a re-used one revokes the whole login, so two tabs sharing a
// remembered session must not refresh with the same token. A Web Lock serialises refreshes across
// tabs; inside it, a token that another tab already replaced is reused instead of refreshed again.
const REFRESH_LOCK = 'trimtime.refresh';

async function performRefresh(staleAccessToken: string | null): Promise<string> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const refreshUnlessDone = async (): Promise<string> => {
    const current = getAccessToken();
    if (staleAccessToken && current && current !== staleAccessToken) return current;
    return exchangeRefreshToken();
  };
  return locks ? await locks.request(REFRESH_LOCK, refreshUnlessDone) : refreshUnlessDone();
}

async function exchangeRefreshToken(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    endSession();
    throw new ApiError(401, 'NoRefreshToken', 'Your session has ended. Please sign in again.');
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/auth/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    endSession();
    throw new ApiError(0, 'NetworkError', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    // NOTE: another tab sharing the remembered session may have rotated the refresh token after we
    // read it (our old token then gets a 401): its new tokens are in storage, so use them instead of
    // signing out.
    const latest = response.status === 401 ? getSession() : null;
    if (latest && latest.refreshToken !== refreshToken) return latest.accessToken;
    endSession();
    throw await toApiError(response);
  }
  const tokens = asRefreshResponse(await readJson(response));
  if (!tokens) {
    endSession();
    throw new ApiError(
      response.status,
      'InvalidRefreshResponse',
      'Your session has ended. Please sign in again.',
    );
  }
  updateTokens(tokens);
  return tokens.accessToken;
}

/**
 * Refreshes the access token once for everyone: while a refresh is in flight, every caller awaits
 * the same promise. Resolves with the new access token; on failure the session has been ended.
 * `staleAccessToken` is the token the caller found expired (default: the stored one).
 */
export function refreshAccessToken(staleAccessToken: string | null = getAccessToken()): Promise<string> {
  refreshInFlight ??= performRefresh(staleAccessToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// NOTE: the two response shapes the client itself must trust are checked by hand rather than with
// @app/domain's zod schemas (RefreshResponseSchema, ApiErrorSchema): this file is on every page's
// first load, and zod would add ~30 kB gzip to it. Same rules as those schemas.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The API always sends a new refresh token; without one the stored token is kept.
type RefreshedTokens = Pick<RefreshResponse, 'accessToken'> & Partial<RefreshResponse>;

function asRefreshResponse(body: unknown): RefreshedTokens | null {
  if (!isRecord(body) || typeof body.accessToken !== 'string') return null;
  if (body.refreshToken !== undefined && typeof body.refreshToken !== 'string') return null;
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

// The body's `code` is trusted to be one of the contract's (ERROR_STATUS): the API sends no other.
type ErrorBody = ApiErrorBody & { code: ErrorCode };

function asApiErrorBody(body: unknown): ErrorBody | null {
  if (!isRecord(body) || typeof body.message !== 'string' || typeof body.code !== 'string') return null;
  const code = body.code as ErrorCode;
  if (body.errors === undefined) return { message: body.message, code };
  if (!isRecord(body.errors)) return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors)) {
    if (typeof message !== 'string') return null;
    errors[field] = message;
  }
  return { message: body.message, code, errors };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = asApiErrorBody(await readJson(response));
  if (body) return new ApiError(response.status, body.code, body.message, body.errors ?? {});
  return new ApiError(
    response.status,
    'HttpError',
    response.statusText || `Request failed (${response.status})`,
  );
}

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    const payload =
      options.encodePasswords && typeof options.body === 'object' && options.body !== null
        ? encodePasswordFields(options.body)
        : options.body;
    body = JSON.stringify(payload);
  }
  if (options.encodePasswords) headers[PASSWORD_ENCODING_HEADER] = 'base64';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  try {
    return await fetch(`${API_BASE_PATH}${path}`, {
      method,
      credentials: 'include',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NetworkError', NETWORK_ERROR_MESSAGE);
  }
}

// NOTE: a 401 from a public auth call means wrong credentials or an invalid code, not an expired
// session, so those calls never trigger the refresh (a failed sign-in must not bounce the user to
// /login). Every other call, /auth/send-business-invite included, is authenticated and refreshes.
export const PUBLIC_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/auth/login',
  '/auth/register',
  '/auth/confirm-signup',
  '/auth/resend-code',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/refresh',
  '/auth/logout',
  '/auth/verify-invite',
  '/auth/register-with-invite',
]);

const isPublicAuthCall = (path: string) => PUBLIC_AUTH_PATHS.has(path.replace(/[?#].*$/, ''));

/** Sends one API call and returns its JSON body (undefined for 204). Throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const retriesOn401 = !isPublicAuthCall(path);
  // A request started while a refresh is running waits for it instead of earning its own 401.
  if (retriesOn401 && refreshInFlight) await refreshInFlight.catch(() => undefined);

  const tokenUsed = getAccessToken();
  let response = await send(path, options, tokenUsed);

  if (response.status === 401 && retriesOn401) {
    const current = getAccessToken();
    // Another request may already have refreshed while this one was in flight: reuse its token.
    const freshToken = current && current !== tokenUsed ? current : await refreshAccessToken(tokenUsed);
    response = await send(path, options, freshToken);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readJson(response)) as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET a file with the Bearer token (and the refresh rule), as a Blob. */
  download: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
