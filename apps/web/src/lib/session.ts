import { REFRESH_LEAD_SECONDS, REMEMBER_ME_DAYS, type UserType } from '@app/domain';
import { clearAllDrafts } from './draft-storage';

/**
 * Where the sign-in tokens live (spec §3 "Session storage", §4 "Session"): localStorage with a
 * 30-day expiry when remember-me was chosen, otherwise sessionStorage (gone when the tab closes).
 * Plain functions, no React: the API client and the session context both read from here.
 */

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

interface StoredSession extends SessionTokens {
  /** Epoch ms after which a remembered session is discarded (localStorage only). */
  expiresAt?: number;
}

export const SESSION_STORAGE_KEY = 'trimtime.session';
const DAY_MS = 24 * 60 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

function readFrom(storage: Storage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.accessToken === 'string' && typeof parsed.refreshToken === 'string') {
      return parsed as StoredSession;
    }
  } catch {
    // A corrupt entry is treated as no session.
  }
  storage.removeItem(SESSION_STORAGE_KEY);
  return null;
}

function readRemembered(now = Date.now()): StoredSession | null {
  const remembered = readFrom(localStorage);
  if (!remembered) return null;
  if (typeof remembered.expiresAt !== 'number' || remembered.expiresAt <= now) {
    // Remember-me has lapsed: the local tokens are cleared (spec §4).
    localStorage.removeItem(SESSION_STORAGE_KEY);
    return null;
  }
  return remembered;
}

/**
 * The current tokens, or null when signed out (an expired remembered session is cleared here). A
 * server render has no session: tokens live only in the browser (spec §3).
 */
export function getSession(now = Date.now()): SessionTokens | null {
  if (typeof window === 'undefined') return null;
  const session = readRemembered(now) ?? readFrom(sessionStorage);
  return session ? { accessToken: session.accessToken, refreshToken: session.refreshToken } : null;
}

export const getAccessToken = (): string | null => getSession()?.accessToken ?? null;
export const getRefreshToken = (): string | null => getSession()?.refreshToken ?? null;

/** Stores the tokens of a successful sign-in. */
export function saveSession(tokens: SessionTokens, { rememberMe }: { rememberMe: boolean }): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  sessionStorage.removeItem(SESSION_STORAGE_KEY);
  const entry: StoredSession = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  if (rememberMe) {
    entry.expiresAt = Date.now() + REMEMBER_ME_DAYS * DAY_MS;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(entry));
  } else {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(entry));
  }
  notify();
}

/**
 * Replaces the tokens after a refresh, in the same storage and keeping the remember-me expiry.
 * The refresh response's refreshToken is optional (spec §3); without it the old one is kept.
 */
export function updateTokens(tokens: { accessToken: string; refreshToken?: string | undefined }): void {
  const remembered = readRemembered();
  const current = remembered ?? readFrom(sessionStorage);
  if (!current) return;
  const next: StoredSession = {
    ...current,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? current.refreshToken,
  };
  (remembered ? localStorage : sessionStorage).setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
  notify();
}

/**
 * Forgets every stored token (both storages) and every wizard draft of this tab: however the
 * session ends (signing out, an expired or revoked login, a deleted account), unfinished choices
 * such as a home address are not for the next person.
 */
export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  sessionStorage.removeItem(SESSION_STORAGE_KEY);
  clearAllDrafts();
  notify();
}

/** Calls `listener` whenever the tokens change, here or in another tab. Returns the unsubscribe. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface AccessTokenClaims {
  sub?: string;
  userType?: UserType | string;
  /** Expiry, seconds since the epoch. */
  exp?: number;
}

/** Reads the JWT's claims without verifying it (the server verifies; the client only schedules). */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * Milliseconds until the access token should be refreshed: REFRESH_LEAD_SECONDS before its `exp`
 * (0 when that moment has passed), or null when the token carries no expiry.
 */
export function msUntilRefresh(accessToken: string, now = Date.now()): number | null {
  const exp = decodeAccessToken(accessToken)?.exp;
  if (typeof exp !== 'number') return null;
  return Math.max(0, exp * 1000 - REFRESH_LEAD_SECONDS * 1000 - now);
}
