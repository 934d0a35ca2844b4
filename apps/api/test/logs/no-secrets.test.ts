import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { base64, bearer, NEW_PASSWORD, PASSWORD, registration, uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin } from '../helpers/invites';

/** The log lines without fields that are long runs of digits or hex (timestamps, ids). */
function scrubbed(lines: string[]): string {
  return lines
    .map((line) => {
      const entry = JSON.parse(line);
      delete entry.time;
      delete entry.pid;
      delete entry.reqId;
      delete entry.responseTime;
      return JSON.stringify(entry);
    })
    .join('\n');
}

const containsCode = (text: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

describeEachDatabase('logs', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db, { captureLogs: true, deps: { mailer: undefined } });
  });
  afterAll(() => t.close());

  it('never contain passwords, codes or tokens, even at trace level', async () => {
    const body = registration();
    const encoded = { headers: { 'x-password-encoding': 'base64' } };
    await t.post('/api/auth/register', { ...body, password: base64(PASSWORD) }, encoded);
    const outbox = (await t.app.inject({ url: `/api/dev/outbox?to=${body.email}` })).json();
    const signupCode = outbox.messages[0].text.match(/\d{6}/)[0];
    await t.post('/api/auth/confirm-signup', { username: body.email, code: signupCode });
    const tokens = (await t.post('/api/auth/login', { email: body.email, password: PASSWORD })).json();
    await t.post('/api/auth/login', { email: body.email, password: 'Wr0ngPassw0rd!' });
    const refreshed = (await t.post('/api/auth/refresh', { refreshToken: tokens.refreshToken })).json();
    await t.app.inject({ url: '/api/user/userdetails', headers: bearer(refreshed.accessToken) });
    await t.post('/api/auth/forgot-password', { username: body.email });
    const resetCode = (await t.app.inject({ url: `/api/dev/outbox?to=${body.email}` }))
      .json()
      .messages[0].text.match(/\d{6}/)[0];
    await t.post(
      '/api/auth/reset-password',
      { email: body.email, confirmationCode: resetCode, newPassword: base64(NEW_PASSWORD) },
      encoded,
    );
    await t.post('/api/auth/logout', { refreshToken: refreshed.refreshToken });
    await t.app.inject({ url: '/invite/secret-invite-code-123', headers: { accept: 'text/html' } });
    // The invite flow: the code travels in an email, a page path and two bodies.
    const admin = await createAdmin(t, database().db);
    const invitee = uniqueEmail('shop');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-business-invite',
      headers: admin.headers,
      payload: { email: invitee },
    });
    const inviteMail = (await t.app.inject({ url: `/api/dev/outbox?to=${invitee}` })).json().messages[0];
    const inviteCode = inviteMail.text.match(/\/invite\/([\w-]+)/)[1] as string;
    await t.app.inject({ url: `/invite/${inviteCode}`, headers: { accept: 'text/html' } });
    await t.post('/api/auth/verify-invite', { inviteCode });
    const joined = await t.post(
      '/api/auth/register-with-invite',
      { ...businessRegistration(inviteCode), password: base64(PASSWORD) },
      encoded,
    );
    expect(joined.statusCode, joined.body).toBe(201);
    // The calendar feed: its URL is the credential, fetched (and refused) by path.
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/user/calendar-feed',
      headers: admin.headers,
    });
    const feedPath = new URL(feed.json().url).pathname;
    const feedToken = feedPath.replace(/^\/api\/calendar\/|\.ics$/g, '');
    expect((await t.app.inject({ url: feedPath })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${feedPath}x` })).statusCode).toBe(404);
    await t.app.inject({ url: '/api/dev/outbox?token=leaky-query-token' });
    await t.post('/api/auth/login', '{"password": "Brok3nJs0n!', {
      headers: { 'content-type': 'application/json' },
    });

    const text = scrubbed(t.logs);
    expect(text).toContain('incoming request'); // the capture works
    expect(text).toContain(body.email); // the outbox log names the recipient
    expect(text).toContain(invitee);
    for (const secret of [
      PASSWORD,
      base64(PASSWORD),
      NEW_PASSWORD,
      base64(NEW_PASSWORD),
      'Wr0ngPassw0rd!',
      'Brok3nJs0n!',
      tokens.accessToken,
      tokens.refreshToken,
      refreshed.accessToken,
      refreshed.refreshToken,
      'secret-invite-code-123',
      'leaky-query-token',
      inviteCode,
      feedToken,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(containsCode(text, signupCode)).toBe(false);
    expect(containsCode(text, resetCode)).toBe(false);
    expect(text).not.toMatch(/authorization/i);
  });
});
