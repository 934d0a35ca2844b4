import { REFRESH_LEAD_SECONDS, REMEMBER_ME_DAYS } from '@app/domain';
import { describe, expect, it, vi } from 'vitest';
import { makeAccessToken } from '@/testing/tokens';
import {
  clearSession,
  decodeAccessToken,
  getSession,
  msUntilRefresh,
  SESSION_STORAGE_KEY,
  saveSession,
  subscribeToSession,
  updateTokens,
} from './session';

const DAY_MS = 24 * 60 * 60 * 1000;
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };

describe('session storage', () => {
  it('keeps a remembered session in localStorage for 30 days', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    saveSession(tokens, { rememberMe: true });

    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!);
    expect(stored.expiresAt).toBe(Date.now() + REMEMBER_ME_DAYS * DAY_MS);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getSession()).toEqual(tokens);
  });

  it('keeps a session without remember-me in sessionStorage only', () => {
    saveSession(tokens, { rememberMe: false });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getSession()).toEqual(tokens);
  });

  it('clears the remembered tokens once the 30 days have passed', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    saveSession(tokens, { rememberMe: true });

    vi.setSystemTime(Date.now() + REMEMBER_ME_DAYS * DAY_MS - 1);
    expect(getSession()).toEqual(tokens);

    vi.setSystemTime(Date.now() + 1);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('replaces the tokens after a refresh in the same storage, keeping the expiry', () => {
    saveSession(tokens, { rememberMe: true });
    const { expiresAt } = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!);

    updateTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(getSession()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).expiresAt).toBe(expiresAt);

    // The refresh response's refreshToken is optional: the old one is kept.
    updateTokens({ accessToken: 'access-3' });
    expect(getSession()).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-2' });
  });

  it('forgets everything on clear and tells subscribers about each change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    saveSession(tokens, { rememberMe: false });
    clearSession();
    unsubscribe();

    expect(getSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('access token timing', () => {
  it('reads the claims of the JWT', () => {
    const token = makeAccessToken({
      sub: 'abc',
      userType: 'Business',
      expiresInSeconds: 900,
      now: 1_700_000_000_000,
    });
    expect(decodeAccessToken(token)).toMatchObject({ sub: 'abc', userType: 'Business', exp: 1_700_000_900 });
    expect(decodeAccessToken('not-a-jwt')).toBeNull();
  });

  it('schedules the refresh 60 seconds before the token expires', () => {
    const now = 1_700_000_000_000;
    const token = makeAccessToken({ expiresInSeconds: 900, now });
    expect(msUntilRefresh(token, now)).toBe((900 - REFRESH_LEAD_SECONDS) * 1000);
    expect(msUntilRefresh(token, now + 899_000)).toBe(0);
  });
});
