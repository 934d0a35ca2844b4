import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/mail/smtp.mailer';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registration } from '../helpers/factories';
import { startSmtpServer } from '../helpers/smtp';

/** Quoted-printable soft line breaks and =XX escapes, enough to read the text part. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('SMTP mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a message to a real SMTP server', async () => {
    const mailer = createSmtpMailer(smtp.url, 'TrimTime NI <no-reply@test.local>');
    await mailer.send({
      messageId: '<fixed-id@test.local>',
      to: 'someone@example.com',
      subject: 'Hello there',
      text: 'Code: 123456',
      html: '<p>Code</p>',
    });
    await mailer.close?.();
    const message = smtp.received.at(-1);
    expect(message?.from).toBe('no-reply@test.local');
    expect(message?.to).toEqual(['someone@example.com']);
    expect(message?.raw).toContain('Subject: Hello there');
    expect(message?.raw).toContain('Message-ID: <fixed-id@test.local>');
    expect(decodeQuotedPrintable(message?.raw ?? '')).toContain('Code: 123456');
  });

  it('sends over one kept-open connection, and close() waits for the emails still being sent', async () => {
    const mailer = createSmtpMailer(smtp.url, 'TrimTime NI <no-reply@test.local>');
    const before = smtp.received.length;
    const sends = Array.from({ length: 12 }, (_, i) =>
      mailer.send({
        messageId: `<pooled-${i}@test.local>`,
        to: `pooled-${i}@example.com`,
        subject: `Pooled ${i}`,
        text: 'x',
        html: '<p>x</p>',
      }),
    );
    await mailer.close?.(); // while all twelve are still in flight
    await Promise.all(sends);
    const ours = smtp.received.slice(before);
    expect(ours).toHaveLength(12);
    expect(new Set(ours.map((m) => m.connection)).size).toBe(1);
  });
});

describeEachDatabase('mail from the app', (database) => {
  describe('with SMTP_URL', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      // No injected mailer: the app builds its SMTP mailer from the config.
      t = await createTestApp(database().db, { config: { smtpUrl: smtp.url }, deps: { mailer: undefined } });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('sends the sign-up code by SMTP', async () => {
      const body = registration();
      expect((await t.post('/api/auth/register', body)).statusCode).toBe(201);
      const message = smtp.received.find((m) => m.to.includes(body.email));
      expect(message?.raw).toMatch(/Subject: Your TrimTime NI confirmation code/);
      expect(decodeQuotedPrintable(message?.raw ?? '')).toMatch(/code: \d{6}/);
    });

    it('shows each message as sent, after one try, in the outbox (outside production)', async () => {
      const body = registration();
      await t.post('/api/auth/register', body);
      const response = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(body.email)}` });
      expect(response.statusCode).toBe(200);
      const [message] = response.json().messages;
      expect(message).toMatchObject({ status: 'sent', attempts: 1, lastError: null, kind: 'code' });
      const delivered = smtp.received.find((m) => m.to.includes(body.email));
      expect(delivered?.raw).toContain(`Message-ID: ${message.messageId}`);
    });
  });

  describe('without SMTP_URL (kept in the outbox)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database().db, { deps: { mailer: undefined } });
    });
    afterAll(() => t.close());

    it('keeps emails in the outbox, newest first, filterable by recipient', async () => {
      const first = registration();
      const second = registration();
      await t.post('/api/auth/register', first);
      t.clock.advance(1000);
      await t.post('/api/auth/register', second);

      const all = await t.app.inject({ url: '/api/dev/outbox' });
      expect(all.statusCode).toBe(200);
      const { messages } = all.json();
      const ours = messages.filter((m: { to: string }) => m.to === first.email || m.to === second.email);
      expect(ours.map((m: { to: string }) => m.to)).toEqual([second.email, first.email]);
      expect(ours[0]).toEqual({
        id: expect.any(String),
        messageId: expect.stringMatching(/^<[\w-]+@localhost>$/),
        kind: 'code',
        status: 'sent',
        to: second.email,
        subject: 'Your TrimTime NI confirmation code',
        text: expect.stringMatching(/code: \d{6}/),
        htmlUrl: expect.stringMatching(/^\/dev\/outbox\/[\w-]+\/html$/),
        attachments: [],
        attempts: 1,
        lastError: null,
        notBefore: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const filtered = await t.app.inject({
        url: `/api/dev/outbox?to=${encodeURIComponent(first.email.toUpperCase())}`,
      });
      expect(filtered.json().messages.map((m: { to: string }) => m.to)).toEqual([first.email]);

      // The HTML part as sent, in the product's layout (issue 29, item 21), the code in it.
      const html = await t.app.inject({ url: ours[0].htmlUrl });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toMatch(/^<!DOCTYPE html>/);
      expect(html.body).toContain(/code: (\d{6})/.exec(ours[0].text)?.[1]);
      expect((await t.app.inject({ url: '/dev/outbox/nope/html' })).statusCode).toBe(404);
    });

    it('shows the outbox as an HTML page with the content escaped', async () => {
      const body = registration({ email: 'page-<b>@example.com'.replace('<b>', 'x') });
      await t.post('/api/auth/register', body);
      const page = await t.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(body.email)}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<h1>Outbox</h1>');
      expect(page.body).toContain('Sent');
      expect(page.body).toContain('1 try');
      expect(page.body).toContain(body.email);
      expect(page.body).not.toContain('<script');
    });
  });

  it('has no outbox in production', async () => {
    const t = await createTestApp(database().db, {
      config: { env: 'production', isProduction: true },
      deps: { mailer: undefined },
    });
    try {
      expect((await t.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});
