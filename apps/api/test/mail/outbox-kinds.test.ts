import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Outbox } from '../../src/modules/outbox/outbox.service';
import { CapturingMailer } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';

// The outbox knows no feature (issue 30): the modules that write emails to an account register how
// they go. A process whose outbox lacks one must not start sending them as queued.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
});
afterAll(() => database.drop());

const outbox = () =>
  new Outbox({
    db: database.db,
    clock: () => new Date(),
    mailer: new CapturingMailer(),
    logger: pino({ level: 'silent' }),
    appUrl: 'http://localhost:3000',
    bodyKey: randomBytes(32),
  });

it('refuses to start while a kind sent to an account has no handler, naming the missing ones', async () => {
  const box = outbox();
  box.handle('booking', { setting: 'notify_booking_updates' });
  box.handle('reminder', { setting: 'notify_reminders' });
  expect(() => box.start()).toThrow('The outbox has no handler for messages, review_invite, waitlist');
  await box.stop();
});

it('starts once every such kind is registered', async () => {
  const box = outbox();
  box.handle('booking', { setting: 'notify_booking_updates' });
  box.handle('reminder', { setting: 'notify_reminders' });
  box.handle('messages', { setting: 'notify_messages' });
  box.handle('review_invite', { setting: 'notify_booking_updates' });
  box.handle('waitlist', { setting: 'notify_booking_updates' });
  expect(() => box.start()).not.toThrow();
  await box.stop();
});
