import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  ApiError,
  apiClient,
  encodePassword,
  PASSWORD_ENCODING_HEADER,
  refreshAccessToken,
  setSessionExpiredHandler,
} from './api-client';
import { readDraft, writeDraft } from './draft-storage';
import { getSession, saveSession } from './session';

const signIn = (accessToken = 'old-access', refreshToken = 'refresh-1') =>
  saveSession({ accessToken, refreshToken }, { rememberMe: true });

describe('api client', () => {
  it('sends JSON to /api with credentials and the Bearer token from storage', async () => {
    signIn('token-abc');
    const api = stubFetch().on('PUT', '/api/user/update', jsonResponse(200, { ok: true }));

    await expect(apiClient.put('/user/update', { FirstName: 'Aoife' })).resolves.toEqual({ ok: true });

    const [, init] = api.fetch.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(api.calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/user/update',
      headers: { authorization: 'Bearer token-abc', 'content-type': 'application/json' },
      body: { FirstName: 'Aoife' },
    });
  });

  it('base64-encodes the UTF-8 password fields and marks them with the header', async () => {
    const api = stubFetch().on('POST', '/api/auth/reset-password', jsonResponse(200, { message: 'ok' }));

    await apiClient.post(
      '/auth/reset-password',
      { email: 'a@example.com', confirmationCode: '123456', newPassword: 'Pässwörd1!' },
      { encodePasswords: true },
    );

    const call = api.calls[0]!;
    expect(call.headers[PASSWORD_ENCODING_HEADER.toLowerCase()]).toBe('base64');
    expect(call.body).toEqual({
      email: 'a@example.com',
      confirmationCode: '123456',
      newPassword: 'UMOkc3N3w7ZyZDEh', // base64 of the UTF-8 bytes
    });
    expect(encodePassword('Secret1!')).toBe('U2VjcmV0MSE=');
  });

  it('turns an error body into an ApiError with status, code, message and field errors', async () => {
    stubFetch().on(
      'POST',
      '/api/auth/register',
      apiErrorResponse(400, 'ValidationError', 'Enter a valid UK mobile', {
        phoneNumber: 'Enter a valid UK mobile',
      }),
    );

    const error = await apiClient.post('/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'ValidationError',
      message: 'Enter a valid UK mobile',
      fieldErrors: { phoneNumber: 'Enter a valid UK mobile' },
    });
  });

  it('refreshes once for concurrent 401s and retries every queued request with the new token', async () => {
    signIn('old-access', 'refresh-1');
    const refresh = deferred<Response>();
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', ({ headers }) =>
        headers.authorization === 'Bearer new-access'
          ? jsonResponse(200, { id: 'u1' })
          : apiErrorResponse(401, 'Unauthorized', 'Token expired'),
      )
      .on('GET', '/api/booking/userbookings', ({ headers }) =>
        headers.authorization === 'Bearer new-access'
          ? jsonResponse(200, { requests: [], bookings: [] })
          : apiErrorResponse(401, 'Unauthorized', 'Token expired'),
      )
      .on('POST', '/api/auth/refresh', () => refresh.promise);

    const first = apiClient.get('/user/userdetails');
    const second = apiClient.get('/booking/userbookings');
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1));
    // A third request started while the refresh runs waits for it instead of failing first.
    const third = apiClient.get('/user/userdetails');
    refresh.resolve(jsonResponse(200, { accessToken: 'new-access', refreshToken: 'refresh-2' }));

    await expect(first).resolves.toEqual({ id: 'u1' });
    await expect(second).resolves.toEqual({ requests: [], bookings: [] });
    await expect(third).resolves.toEqual({ id: 'u1' });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/refresh')[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(getSession()).toEqual({ accessToken: 'new-access', refreshToken: 'refresh-2' });
  });

  it('clears the tokens and sends the user to /login when the refresh fails', async () => {
    signIn('old-access', 'revoked-refresh');
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', apiErrorResponse(401, 'Unauthorized', 'Token expired'))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token revoked'));

    const results = await Promise.allSettled([
      apiClient.get('/user/userdetails'),
      apiClient.get('/user/userdetails'),
    ]);
    restore();

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it("ends the tab's wizard drafts with an expired session, not only on signing out", async () => {
    signIn('old-access', 'expired-refresh');
    writeDraft('booking.user-1.biz-1', { step: 'review', homeAddress: '12 Lisburn Road' });
    const restore = setSessionExpiredHandler(() => {});
    stubFetch()
      .on('GET', '/api/user/userdetails', apiErrorResponse(401, 'Unauthorized', 'Token expired'))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token expired'));

    await expect(apiClient.get('/user/userdetails')).rejects.toBeInstanceOf(ApiError);
    restore();

    expect(getSession()).toBeNull();
    expect(readDraft('booking.user-1.biz-1')).toBeNull();
  });

  it('sends a session that could not be refreshed to /login, saying so, to come back after (issue 29, item 3)', async () => {
    signIn('old-access', 'revoked-refresh');
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/profile',
      search: '?tab=requested',
      hash: '',
      assign,
    });
    stubFetch()
      .on('GET', '/api/user/userdetails', apiErrorResponse(401, 'Unauthorized', 'Token expired'))
      .on('POST', '/api/auth/refresh', apiErrorResponse(401, 'Unauthorized', 'Refresh token revoked'));

    await expect(apiClient.get('/user/userdetails')).rejects.toBeInstanceOf(ApiError);

    expect(assign).toHaveBeenCalledWith('/login?next=%2Fprofile%3Ftab%3Drequested&session=ended');
  });

  it('ends nothing for a call made after signing out: no refresh, no "session ended"', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    const api = stubFetch().on(
      'GET',
      '/api/user/userdetails',
      apiErrorResponse(401, 'Unauthorized', 'No token'),
    );

    await expect(apiClient.get('/user/userdetails')).rejects.toBeInstanceOf(ApiError);
    restore();

    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(onExpired).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('treats a 401 from an auth call as a failed sign-in, not an expired session', async () => {
    signIn();
    const api = stubFetch().on(
      'POST',
      '/api/auth/login',
      apiErrorResponse(401, 'NotAuthorized', 'Incorrect username or password.'),
    );

    await expect(apiClient.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect username or password.',
    });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(getSession()).not.toBeNull();
  });

  it('keeps the old refresh token when the refresh response omits one', async () => {
    signIn('old-access', 'refresh-1');
    stubFetch().on('POST', '/api/auth/refresh', jsonResponse(200, { accessToken: 'new-access' }));

    await expect(refreshAccessToken()).resolves.toBe('new-access');
    expect(getSession()).toEqual({ accessToken: 'new-access', refreshToken: 'refresh-1' });
  });

  it('does not refresh again when another tab already replaced the expired token', async () => {
    signIn('old-access', 'refresh-1');
    const api = stubFetch().on('POST', '/api/auth/refresh', jsonResponse(200, { accessToken: 'never-used' }));
    // Another tab sharing the remembered session refreshed first (rotation: refresh-1 is spent).
    saveSession({ accessToken: 'other-tab-access', refreshToken: 'refresh-2' }, { rememberMe: true });

    await expect(refreshAccessToken('old-access')).resolves.toBe('other-tab-access');
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('uses the tokens another tab rotated while our refresh was in flight, instead of signing out', async () => {
    signIn('old-access', 'refresh-1');
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    const api = stubFetch()
      .on('GET', '/api/user/userdetails', ({ headers }) =>
        headers.authorization === 'Bearer other-tab-access'
          ? jsonResponse(200, { id: 'u1' })
          : apiErrorResponse(401, 'NotAuthorized', 'Token expired'),
      )
      .on('POST', '/api/auth/refresh', () => {
        // The other tab won the rotation of refresh-1 just before ours reached the server.
        saveSession({ accessToken: 'other-tab-access', refreshToken: 'refresh-2' }, { rememberMe: true });
        return apiErrorResponse(401, 'NotAuthorized', 'Invalid or expired refresh token.');
      });

    await expect(apiClient.get('/user/userdetails')).resolves.toEqual({ id: 'u1' });
    restore();

    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(getSession()).toEqual({ accessToken: 'other-tab-access', refreshToken: 'refresh-2' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('still signs out when the refresh is refused and storage holds the same refresh token', async () => {
    signIn('old-access', 'refresh-1');
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    stubFetch().on('POST', '/api/auth/refresh', apiErrorResponse(401, 'NotAuthorized', 'Revoked'));

    await expect(refreshAccessToken('old-access')).rejects.toMatchObject({ status: 401 });
    restore();

    expect(getSession()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('refreshes and retries an authenticated auth call (send-business-invite) on a 401', async () => {
    signIn('old-access', 'refresh-1');
    const api = stubFetch()
      .on('POST', '/api/auth/send-business-invite', ({ headers }) =>
        headers.authorization === 'Bearer new-access'
          ? jsonResponse(200, { message: 'sent', expiresAt: '2030-01-01T00:00:00.000Z' })
          : apiErrorResponse(401, 'NotAuthorized', 'Token expired'),
      )
      .on(
        'POST',
        '/api/auth/refresh',
        jsonResponse(200, { accessToken: 'new-access', refreshToken: 'refresh-2' }),
      );

    await expect(
      apiClient.post('/auth/send-business-invite', { email: 'shop@example.com' }),
    ).resolves.toEqual({
      message: 'sent',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/send-business-invite')).toHaveLength(2);
  });

  it('downloads a file as a Blob with the Bearer token, refreshing once on a 401, and throws the error body', async () => {
    signIn('old-access', 'refresh-1');
    const csv = '\uFEFFDate,Price\r\n2026-11-03,£30\r\n';
    const api = stubFetch()
      .on('GET', '/api/booking/export.csv', ({ headers }) =>
        headers.authorization === 'Bearer new-access'
          ? new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
          : apiErrorResponse(401, 'NotAuthorized', 'Token expired'),
      )
      .on(
        'POST',
        '/api/auth/refresh',
        jsonResponse(200, { accessToken: 'new-access', refreshToken: 'refresh-2' }),
      );

    const file = await apiClient.download('/booking/export.csv?from=2026-11-01&to=2026-11-30');
    expect(file.type).toMatch(/^text\/csv/);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...Buffer.from(csv, 'utf8')]);
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);

    stubFetch().on('GET', '/api/booking/export.csv', apiErrorResponse(400, 'ValidationError', 'Bad range'));
    await expect(apiClient.download('/booking/export.csv')).rejects.toMatchObject({
      status: 400,
      message: 'Bad range',
    });
  });

  it.each([
    '/auth/login',
    '/auth/register',
    '/auth/confirm-signup',
    '/auth/resend-code',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/logout',
    '/auth/verify-invite',
    '/auth/register-with-invite',
  ])('never refreshes on a 401 from the public call %s', async (path) => {
    signIn('old-access', 'refresh-1');
    const api = stubFetch()
      .on('POST', `/api${path}`, apiErrorResponse(401, 'NotAuthorized', 'Nope'))
      .on('POST', '/api/auth/refresh', jsonResponse(200, { accessToken: 'new-access' }));

    await expect(apiClient.post(path, {})).rejects.toMatchObject({ status: 401, message: 'Nope' });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(getSession()).toEqual({ accessToken: 'old-access', refreshToken: 'refresh-1' });
  });
});
