import { randomUUID } from 'node:crypto';
import { MESSAGE_EMAIL_DELAY_SECONDS, MESSAGE_EMAIL_INTERVAL_MINUTES } from '@app/domain';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { formatMessageLine } from '../../src/cli/mail.command';
import { MINUTE_MS } from '../../src/lib/clock';
import { createSmtpMailer } from '../../src/mail/smtp.mailer';
import { formatBookingTime } from '../../src/mail/templates';
import { scheduleMessageEmail } from '../../src/modules/threads/message-emails';
import { ThreadsRepository } from '../../src/repositories/threads.repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  withFreshToken,
} from '../helpers/marketplace';
import { messageIdOf, type Received, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { hourIn, markRead, posted } from './support';

const FROM = 'TrimTime NI <no-reply@test.local>';
const DELAY_MS = MESSAGE_EMAIL_DELAY_SECONDS * 1000;
const INTERVAL_MS = MESSAGE_EMAIL_INTERVAL_MINUTES * MINUTE_MS;
const SETTINGS_URL = '/api/user/notification-settings';

/** An email as a reader sees it: its headers and its two parts, decoded. */
interface ReadEmail {
  to: string[];
  messageId: string | undefined;
  subject: string;
  text: string;
  html: string;
}

/** Quoted-printable to UTF-8 text (soft line breaks and =XX bytes). */
function fromQuotedPrintable(body: string): string {
  const flat = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < flat.length; i += 1) {
    const hex = flat[i] === '=' ? flat.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(flat.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : fromQuotedPrintable(word.replace(/_/g, ' ')),
    );

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHead(raw: string): [string, string] {
  const at = raw.search(/\r?\n\r?\n/);
  return [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
}

/** The received message, read like a mail client would (multipart/alternative: text and HTML). */
function read(message: Received): ReadEmail {
  const [head, body] = splitHead(message.raw);
  const headers = headersOf(head);
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  if (!boundary) throw new Error(`not a multipart email: ${headers.get('content-type')}`);
  const parts: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    const partHeaders = headersOf(partHead);
    const type = partHeaders.get('content-type')?.split(';')[0] ?? '';
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase();
    const content = partBody.replace(/\r?\n$/, '');
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? fromQuotedPrintable(content)
          : content;
  }
  return {
    to: message.to,
    messageId: messageIdOf(message.raw),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n'),
    html: parts['text/html'] ?? '',
  };
}

/**
 * Unread messages by email (api-contract §8.8, issue 13 item 3), through the real outbox and a real
 * SMTP listener: the post schedules the other party's email in its transaction, the worker writes
 * it when it is due from what is still unread then. The test clock stands in for time; the worker's
 * round is `drain()`.
 */
describeEachDatabase('emails about unread messages', (database) => {
  const db = () => database().db;
  let smtp: TestSmtpServer;
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let day = 2;
  /** While set, the SMTP server holds each message's MAIL FROM until it settles (a slow send). */
  let hold: Promise<void> | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer({
      onMailFrom: (_address, _session, callback) => {
        void (hold ?? Promise.resolve()).then(() => callback());
      },
    });
    t = await createTestApp(db(), {
      mail: 'worker',
      deps: { outboxWorker: false, mailer: createSmtpMailer(smtp.url, FROM) },
    });
    business = await createBusiness(t, db(), { first_name: 'Bob', last_name: 'Barber' });
    customer = await createCustomer(t, db(), { first_name: 'Grace', last_name: 'Hopper' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let since = 0;
  beforeEach(async () => {
    // Deliver whatever an earlier test left due, then count only this test's emails.
    t.clock.advance(24 * 60 * MINUTE_MS);
    await t.app.outbox.drain();
    since = smtp.received.length;
    // Access tokens last 15 minutes of the test clock.
    business = await withFreshToken(t, db(), business, 'Business');
    customer = await withFreshToken(t, db(), customer);
  });

  /** This test's emails so far, read. */
  const emails = () => smtp.received.slice(since).map(read);
  /** Moves the clock on and runs the worker. */
  const after = async (ms: number) => {
    t.clock.advance(ms);
    await t.app.outbox.drain();
  };
  const newBooking = () => insertBooking(t, db(), { business, customer, startsAt: hourIn(t, day++) });
  const rowsOf = (bookingId: string) =>
    db()
      .selectFrom('outbox')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'messages')
      .orderBy('not_before')
      .execute();
  const settings = (actor: Actor, messages: boolean) =>
    call(t, 'PUT', SETTINGS_URL, actor, {
      bookingUpdates: true,
      reminders: true,
      messages,
      marketing: false,
    });

  it('emails a message to the other party 2 minutes after it, with its text, the booking and a link', async () => {
    const booking = await newBooking();
    const sentAt = t.clock.now();
    await posted(t, customer, booking.id, 'Can you do £25 if I come at 9?');

    // Waiting, and readable on the outbox page and in `npm run mail -- list` meanwhile.
    const [waiting] = await rowsOf(booking.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      to_address: business.email,
      recipient_id: business.id,
      not_before: new Date(sentAt.getTime() + DELAY_MS).toISOString(),
    });
    const subject = `New message from Grace Hopper about your booking on ${formatBookingTime(booking.starts_at)}`;
    expect(waiting?.subject).toBe(subject);
    const page = await call(t, 'GET', `/api/dev/outbox?to=${encodeURIComponent(business.email)}`, null);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().messages[0]).toMatchObject({ kind: 'messages', status: 'pending', subject });
    expect(page.json().messages[0].text).toContain('Written when it is sent');
    expect(formatMessageLine(waiting!)).toContain(`messages  ${business.email}  "${subject}"`);

    await after(DELAY_MS - 1_000);
    expect(emails()).toEqual([]);
    await after(1_000);
    const [email, ...more] = emails();
    expect(more).toEqual([]);
    expect(email?.to).toEqual([business.email]);
    expect(email?.subject).toBe(subject);
    expect(email?.text).toContain(
      `Grace Hopper sent you a message about your booking on ${formatBookingTime(booking.starts_at)}.`,
    );
    expect(email?.text).toContain('Can you do £25 if I come at 9?');
    // It links to the booking's card on the dashboard (its Messages button), not the dashboard alone.
    expect(email?.text).toContain(`Reply here: ${t.config.appUrl}/admin?tab=requests&booking=${booking.id}`);
    expect(email?.html).toContain(`href="${t.config.appUrl}/admin?tab=requests&#38;booking=${booking.id}"`);

    // The row now holds what went: the outbox page shows the email itself.
    const [sent] = await rowsOf(booking.id);
    expect(sent).toMatchObject({ status: 'sent', subject, message_id: email?.messageId });
    expect(sent?.text).toContain('Can you do £25 if I come at 9?');

    // The business's reply reaches the customer the same way, with the profile's link.
    await posted(t, business, booking.id, 'Yes, see you at 9');
    await after(DELAY_MS);
    const reply = emails()[1];
    expect(reply?.to).toEqual([customer.email]);
    expect(reply?.subject).toBe(
      `New message from Bob Cuts about your booking on ${formatBookingTime(booking.starts_at)}`,
    );
    expect(reply?.text).toContain('Yes, see you at 9');
    expect(reply?.text).toContain(`Reply here: ${t.config.appUrl}/profile?booking=${booking.id}`);
    expect(reply?.text).not.toContain('Can you do £25');
  });

  it('sends one email for three messages within the window, with all three in order', async () => {
    const booking = await newBooking();
    await posted(t, customer, booking.id, 'First');
    await after(30_000);
    await posted(t, customer, booking.id, 'Second');
    await after(30_000);
    await posted(t, customer, booking.id, 'Third');
    expect(await rowsOf(booking.id)).toHaveLength(1);
    await after(DELAY_MS - 60_000);
    const [email, ...more] = emails();
    expect(more).toEqual([]);
    expect(email?.subject).toMatch(/^3 new messages from Grace Hopper about your booking on /);
    expect(email?.text).toMatch(/First[\s\S]*Second[\s\S]*Third/);
    await after(INTERVAL_MS * 2);
    expect(emails()).toHaveLength(1);
  });

  it('sends nothing for messages read before the email was due (the row is skipped, saying why)', async () => {
    const booking = await newBooking();
    const message = await posted(t, customer, booking.id, 'Are you open on Sunday?');
    await after(60_000);
    expect((await markRead(t, business, booking.id, message.id)).statusCode).toBe(204);
    await after(DELAY_MS);
    expect(emails()).toEqual([]);
    const [row] = await rowsOf(booking.id);
    expect(row).toMatchObject({ status: 'skipped', last_error: expect.stringMatching(/^Nothing unread/) });

    // A skipped email sent nothing, so the next message waits only the usual 2 minutes.
    const later = t.clock.now();
    await posted(t, customer, booking.id, 'Hello?');
    expect((await rowsOf(booking.id))[1]?.not_before).toBe(
      new Date(later.getTime() + DELAY_MS).toISOString(),
    );
  });

  it('sends the next email 10 minutes after the first when a message comes 5 minutes after it', async () => {
    const booking = await newBooking();
    const first = t.clock.now().getTime();
    const question = await posted(t, customer, booking.id, 'Which door?');
    await after(DELAY_MS);
    expect(emails()).toHaveLength(1);
    const firstSent = t.clock.now().getTime();
    expect(firstSent).toBe(first + DELAY_MS);
    // The business reads it from the email's link; 5 minutes after the email, another message.
    expect((await markRead(t, business, booking.id, question.id)).statusCode).toBe(204);
    await after(5 * MINUTE_MS);
    await posted(t, customer, booking.id, 'Found it, thanks');
    const rows = await rowsOf(booking.id);
    expect(rows[1]?.not_before).toBe(new Date(firstSent + INTERVAL_MS).toISOString());
    await after(firstSent + INTERVAL_MS - 1_000 - t.clock.now().getTime());
    expect(emails()).toHaveLength(1);
    await after(1_000);
    const second = emails()[1];
    expect(second?.subject).toMatch(/^New message from Grace Hopper/);
    expect(second?.text).toContain('Found it, thanks');
    expect(second?.text).not.toContain('Which door?');
  });

  it('repeats unread messages in the next email until they are read', async () => {
    const booking = await newBooking();
    await posted(t, customer, booking.id, 'One');
    await after(DELAY_MS);
    await posted(t, customer, booking.id, 'Two');
    await after(INTERVAL_MS);
    const [first, second] = emails();
    expect(first?.text).toContain('One');
    expect(second?.subject).toMatch(/^2 new messages from Grace Hopper/);
    expect(second?.text).toMatch(/One[\s\S]*Two/);
  });

  it('carries every message still unread (api-contract §8.9)', async () => {
    const booking = await newBooking();
    const total = 22;
    for (let i = 1; i <= total; i += 1)
      await posted(t, customer, booking.id, `Note #${String(i).padStart(2, '0')}`);
    await after(DELAY_MS);
    const [email] = emails();
    expect(email?.subject).toMatch(new RegExp(`^${total} new messages from Grace Hopper`));
    expect(email?.text).toMatch(/Note #01[\s\S]*Note #02[\s\S]*Note #22/);
  });

  it('sends nothing to someone who turned message emails off (skipped), and again once back on', async () => {
    const booking = await newBooking();
    expect((await settings(business, false)).statusCode).toBe(200);
    try {
      await posted(t, customer, booking.id, 'Anyone there?');
      await after(DELAY_MS);
      expect(emails()).toEqual([]);
      expect((await rowsOf(booking.id))[0]).toMatchObject({
        status: 'skipped',
        last_error: 'Message emails are turned off.',
      });
    } finally {
      expect((await settings(business, true)).statusCode).toBe(200);
    }
    await posted(t, customer, booking.id, 'Hello again');
    await after(DELAY_MS);
    expect(emails().map((email) => email.to)).toEqual([[business.email]]);
    // Both are unread: the email has the one sent while emails were off too.
    expect(emails()[0]?.text).toMatch(/Anyone there\?[\s\S]*Hello again/);
  });

  it('goes to the account’s current address', async () => {
    const booking = await newBooking();
    await posted(t, customer, booking.id, 'New address?');
    const moved = `moved-${business.id}@example.com`;
    await db().updateTable('users').set({ email: moved }).where('id', '=', business.id).execute();
    try {
      await after(DELAY_MS);
      expect(emails().map((email) => email.to)).toEqual([[moved]]);
    } finally {
      await db().updateTable('users').set({ email: business.email }).where('id', '=', business.id).execute();
    }
  });

  it('escapes HTML typed in a message in the HTML part and keeps it as typed in the text part', async () => {
    const booking = await newBooking();
    const body = '<script>alert("hi")</script> <b>bold</b> & <a href="https://evil.example">link</a>';
    await posted(t, customer, booking.id, body);
    await after(DELAY_MS);
    const [email] = emails();
    expect(email?.text).toContain(body);
    expect(email?.html).not.toMatch(/<script|<b>|<a href="https:\/\/evil/);
    expect(email?.html).toContain('&#60;script&#62;alert(&#34;hi&#34;)&#60;/script&#62;');
    expect(email?.html).toContain('&#60;b&#62;bold&#60;/b&#62; &#38; &#60;a href=');
  });

  it('writes one email for two posts at once', async () => {
    const booking = await newBooking();
    const [a, b] = await Promise.all([
      posted(t, customer, booking.id, 'At once A'),
      posted(t, customer, booking.id, 'At once B'),
    ]);
    expect(a.id).not.toBe(b.id);
    expect(await rowsOf(booking.id)).toHaveLength(1);
    await after(DELAY_MS);
    const [email, ...more] = emails();
    expect(more).toEqual([]);
    expect(email?.text).toContain('At once A');
    expect(email?.text).toContain('At once B');
  });

  it('writes one row for two schedulings of the same moment in overlapping transactions (the dedupe key)', async () => {
    const booking = await newBooking();
    const now = t.clock.now();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let scheduled = () => {};
    const isScheduled = new Promise<void>((resolve) => {
      scheduled = resolve;
    });
    // The first writes its row and stays open; the second (PostgreSQL: its own connection) cannot
    // see that row, so it writes the same dedupe key, and its insert waits for the first to commit.
    const first = db()
      .transaction()
      .execute(async (trx) => {
        await scheduleMessageEmail(t.app.outbox, trx, booking, 'customer', now);
        scheduled();
        await released;
      });
    await isScheduled;
    const second = db()
      .transaction()
      .execute((trx) => scheduleMessageEmail(t.app.outbox, trx, booking, 'customer', now));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect(await rowsOf(booking.id)).toHaveLength(1);
  });

  it('a message posted while the email is being sent waits for the next 10-minute slot', async () => {
    const booking = await newBooking();
    await posted(t, customer, booking.id, 'Before the send');
    t.clock.advance(DELAY_MS);
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sending = t.app.outbox.drain();
    try {
      // The worker has written the email and waits on the SMTP server.
      await expect
        .poll(async () => (await rowsOf(booking.id))[0]?.lease_owner, { timeout: 5_000 })
        .not.toBeNull();
      await expect
        .poll(async () => (await rowsOf(booking.id))[0]?.text, { timeout: 5_000 })
        .toContain('Before the send');
      await posted(t, customer, booking.id, 'During the send');
    } finally {
      hold = undefined;
      release();
      await sending;
    }
    const rows = await rowsOf(booking.id);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'pending']);
    expect(rows[1]?.not_before).toBe(new Date(Date.parse(rows[0]!.sent_at!) + INTERVAL_MS).toISOString());
    expect(emails()[0]?.text).not.toContain('During the send');
    await after(INTERVAL_MS);
    expect(emails()[1]?.text).toContain('During the send');
  });

  it('an email due while a post is committing waits for it and carries its message', async () => {
    const booking = await newBooking();
    await posted(t, customer, booking.id, 'Committed first');
    t.clock.advance(DELAY_MS);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const isWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    // A post's transaction, as ThreadsService.post writes it, held open before its commit: it saw
    // the email waiting (not yet taken), so it adds none.
    const posting = db()
      .transaction()
      .execute(async (trx) => {
        await new ThreadsRepository(trx).appendMessage(booking, {
          id: randomUUID(),
          sender: 'customer',
          senderId: customer.id,
          body: 'Committing meanwhile',
          now: t.clock.now().toISOString(),
        });
        await scheduleMessageEmail(t.app.outbox, trx, booking, 'customer', t.clock.now());
        written();
        await released;
      });
    await isWritten;
    const sending = t.app.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await posting;
    await sending;
    expect(await rowsOf(booking.id)).toHaveLength(1);
    const [email, ...more] = emails();
    expect(more).toEqual([]);
    expect(email?.text).toMatch(/Committed first[\s\S]*Committing meanwhile/);
  });

  it('tells nobody when the recipient’s account is gone', async () => {
    const gone = await createBusiness(t, db());
    const booking = await insertBooking(t, db(), { business: gone, customer, startsAt: hourIn(t, day++) });
    await posted(t, customer, booking.id, 'Still there?');
    await db().deleteFrom('users').where('id', '=', gone.id).execute();
    await after(DELAY_MS);
    expect(emails()).toEqual([]);
    expect((await rowsOf(booking.id))[0]).toMatchObject({
      status: 'skipped',
      last_error: 'The account no longer exists.',
    });
  });
});
