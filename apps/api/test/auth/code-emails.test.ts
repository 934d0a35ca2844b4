import { CODE_MAX_ATTEMPTS } from '@app/domain';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { hmacHex } from '../../src/lib/secrets';
import type { MailMessage, OutgoingMail } from '../../src/mail/mailer';
import { UsersRepository } from '../../src/repositories/users.repository';
import { CapturingMailer, createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createConfirmedUser, registerUser, uniqueEmail } from '../helpers/factories';

/** A mailer whose sends wait until the test lets them through (or fail, when told to). */
class GatedMailer extends CapturingMailer {
  private release!: () => void;
  private gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  started = 0;
  fail = false;

  override async send(message: OutgoingMail): Promise<void> {
    this.started += 1;
    await this.gate;
    if (this.fail) throw new Error('SMTP server said no');
    await super.send(message);
  }

  open(): void {
    this.release();
  }
}

const codesIn = (messages: MailMessage[]) =>
  messages.map((message) => message.text.match(/\b(\d{6})\b/)?.[1] as string);

describeEachDatabase('code emails (resend-code, forgot-password)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // A high per-account limit: these tests count code tries, not account blocks.
    t = await createTestApp(database().db, {
      config: { accountFailureLimit: 1000 },
      deps: { accountEmailLimit: 100 },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const codeRows = (email: string) =>
    database()
      .db.selectFrom('one_time_codes')
      .innerJoin('users', 'users.id', 'one_time_codes.user_id')
      .select(['one_time_codes.user_id', 'one_time_codes.code_hash', 'one_time_codes.consumed_at'])
      .where('users.email', '=', email)
      .where('one_time_codes.purpose', '=', 'signup')
      .execute();

  it('concurrent resends leave exactly one code, the newest, and it is one of the emailed codes', async () => {
    const account = await registerUser(t);
    await Promise.all(
      Array.from({ length: 8 }, () => t.post('/api/auth/resend-code', { username: account.email })),
    );
    const rows = await codeRows(account.email);
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.consumed_at).toBeNull();
    const codeSecret = hmacHex(t.config.jwtSecret, 'one-time-codes');
    const emailed = codesIn(t.mailer.to(account.email));
    expect(emailed).toHaveLength(9);
    const working = emailed.filter(
      (code) => hmacHex(codeSecret, `signup:${row.user_id}:${code}`) === row.code_hash,
    );
    expect(working.length).toBeGreaterThanOrEqual(1);
    expect(new Set(working).size).toBe(1);
    const confirmed = await t.post('/api/auth/confirm-signup', { username: account.email, code: working[0] });
    expect(confirmed.statusCode).toBe(200);
  });

  it('voiding the newest code never brings an older one back', async () => {
    const account = await registerUser(t);
    await Promise.all(
      Array.from({ length: 6 }, () => t.post('/api/auth/resend-code', { username: account.email })),
    );
    const emailed = new Set(codesIn(t.mailer.to(account.email)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find(
      (code) => !emailed.has(code),
    );
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
      const response = await t.post('/api/auth/confirm-signup', { username: account.email, code: wrong });
      expect(response.json().code).toBe('CodeMismatch');
    }
    for (const code of emailed) {
      const response = await t.post('/api/auth/confirm-signup', { username: account.email, code });
      expect(response.json().code, code).toBe('CodeMismatch');
    }
  });

  it('a code sent before a resend stops working at once', async () => {
    const account = await registerUser(t);
    const first = t.mailer.lastCode(account.email);
    await t.post('/api/auth/resend-code', { username: account.email });
    const second = t.mailer.lastCode(account.email);
    if (first !== second) {
      expect(
        (await t.post('/api/auth/confirm-signup', { username: account.email, code: first })).json().code,
      ).toBe('CodeMismatch');
    }
    expect(
      (await t.post('/api/auth/confirm-signup', { username: account.email, code: second })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['/api/auth/resend-code', 'unconfirmed'],
    ['/api/auth/forgot-password', 'confirmed'],
  ])('%s answers before the account is even looked up, for known and unknown emails', async (url, kind) => {
    const known = kind === 'confirmed' ? await createConfirmedUser(t) : await registerUser(t);
    const unknown = uniqueEmail();
    const before = t.mailer.to(known.email).length;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const findByEmail = UsersRepository.prototype.findByEmail;
    const lookups = vi.spyOn(UsersRepository.prototype, 'findByEmail').mockImplementation(async function (
      this: UsersRepository,
      email: string,
    ) {
      await gate;
      return findByEmail.call(this, email);
    });
    // app.inject, not t.post: t.post also waits for the background work, which waits for the gate.
    const answers = await Promise.all(
      [known.email, unknown].map((username) =>
        t.app.inject({ method: 'POST', url, payload: { username }, remoteAddress: '198.51.100.77' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.body).toBe(answers[1]?.body);
    expect(t.mailer.to(known.email)).toHaveLength(before); // nothing sent yet
    release();
    await t.app.whenIdle();
    await t.app.outbox.drain();
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(t.mailer.to(known.email)).toHaveLength(before + 1);
    expect(t.mailer.to(unknown)).toHaveLength(0);
  });
});

describeEachDatabase('code emails off the request path', (database) => {
  it('forgot-password answers 200 while the email is still being sent, and logs a send that fails (to retry it)', async () => {
    const mailer = new GatedMailer();
    const t = await createTestApp(database().db, { captureLogs: true });
    const account = await createConfirmedUser(t);
    const gated = await createTestApp(database().db, { deps: { mailer }, captureLogs: true, mail: 'worker' });
    try {
      const response = await gated.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { username: account.email },
        remoteAddress: '198.51.100.78',
      });
      expect(response.statusCode).toBe(200);
      await vi.waitFor(() => expect(mailer.started).toBe(1), { timeout: 5_000 });
      mailer.fail = true;
      mailer.open();
      await vi.waitFor(
        () => expect(gated.logs.some((line) => line.includes('email not delivered: will retry'))).toBe(true),
        { timeout: 5_000 },
      );
      expect(mailer.to(account.email)).toHaveLength(0);
      const [row] = await database()
        .db.selectFrom('outbox')
        .select(['status', 'attempts', 'last_error'])
        .where('to_address', '=', account.email)
        .where('subject', 'like', '%reset%')
        .execute();
      expect(row).toEqual({ status: 'pending', attempts: 1, last_error: 'SMTP server said no' });
      expect(gated.logs.join('\n')).not.toMatch(/"code":"\d{6}"/);
    } finally {
      await gated.close();
      await t.close();
    }
  });

  it('closing the app waits for the code emails still being sent', async () => {
    const mailer = new GatedMailer();
    const setup = await createTestApp(database().db);
    const account = await registerUser(setup);
    await setup.close();
    const gated = await createTestApp(database().db, { deps: { mailer }, mail: 'worker' });
    const response = await gated.app.inject({
      method: 'POST',
      url: '/api/auth/resend-code',
      payload: { username: account.email },
      remoteAddress: '198.51.100.79',
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(mailer.started).toBe(1), { timeout: 5_000 });
    let closed = false;
    const closing = gated.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    mailer.open();
    await closing;
    expect(mailer.to(account.email)).toHaveLength(1);
  });
});
