import { REFRESH_LEAD_SECONDS } from '@app/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import { getSession } from './session';

describe('session refresh schedule', () => {
  it('refreshes the access token 60 seconds before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on(
        'POST',
        '/api/auth/refresh',
        jsonResponse(200, { accessToken: 'fresh-access', refreshToken: 'refresh-2' }),
      );
    renderApp({
      route: '/terms-of-service',
      session: { accessToken: makeAccessToken({ expiresInSeconds: 130 }), refreshToken: 'refresh-1' },
    });

    // Due 70 s from now (130 s minus the 60 s lead); a few seconds of margin absorb render time.
    await act(() => vi.advanceTimersByTimeAsync((130 - REFRESH_LEAD_SECONDS - 5) * 1000));
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(getSession()).toEqual({ accessToken: 'fresh-access', refreshToken: 'refresh-2' });
  });

  it('logs the user out to /login when the scheduled refresh fails', async () => {
    stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token revoked'));
    // Already inside the refresh window: the refresh runs at once.
    const { router } = renderApp({
      route: '/profile',
      session: { accessToken: makeAccessToken({ expiresInSeconds: 30 }), refreshToken: 'revoked' },
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });
});
