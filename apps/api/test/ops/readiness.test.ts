import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import { HOUR_MS } from '../../src/lib/clock';
import { OUTBOX_HEARTBEAT_MS } from '../../src/modules/health/health.routes';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { createTestDatabase, describeEachDatabase } from '../helpers/databases';

const READY = { status: 'ready', checks: { database: 'ok', migrations: 'ok', outbox: 'ok' } };

/** The app once its outbox worker has finished its first round (it starts with the app). */
async function readyApp(t: TestApp): Promise<TestApp> {
  await vi.waitFor(() => expect(t.app.outbox.heartbeat).toBeDefined(), { timeout: 5_000 });
  return t;
}

describeEachDatabase('GET /api/ready (api-contract §8.7)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await readyApp(
      await createTestApp(database().db, { captureLogs: true, deps: { outboxWorker: true } }),
    );
  });
  afterAll(() => t.close());

  it('answers 200 with its checks when the database answers, every migration is applied and the worker runs, and logs no line for it', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(READY);
    expect(response.headers['cache-control']).toBe('no-store');
    // Probes call it every few seconds: like /api/health, only a failure is logged.
    expect(t.logs.filter((line) => line.includes('/api/ready'))).toEqual([]);
  });

  it('needs no token, and a bad one changes nothing', async () => {
    const response = await t.app.inject({ url: '/api/ready', headers: { authorization: 'Bearer nonsense' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 503 until this process’s outbox worker has run (here it never starts)', async () => {
    const idle = await createTestApp(database().db, { deps: { outboxWorker: false } });
    try {
      const response = await idle.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'ok', outbox: 'stale' },
        message: 'Not ready: the outbox worker has not run in the last 60 s.',
        code: 'ServiceUnavailable',
      });
    } finally {
      await idle.close();
    }
  });

  it('answers 503 once the worker has not run for 60 s (test clock), and 200 again after its next round', async () => {
    // One round at start, then none for an hour of real time unless a write wakes it.
    const slow = await readyApp(
      await createTestApp(database().db, {
        deps: { outboxWorker: true, outboxTiming: { pollMs: HOUR_MS } },
        captureLogs: true,
      }),
    );
    try {
      slow.clock.advance(OUTBOX_HEARTBEAT_MS);
      expect((await slow.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      slow.clock.advance(1);
      const stale = await slow.app.inject({ url: '/api/ready' });
      expect(stale.statusCode).toBe(503);
      expect(stale.json().checks).toEqual({ database: 'ok', migrations: 'ok', outbox: 'stale' });
      // The failure is logged (at warn), with which check failed.
      expect(slow.logs.some((line) => line.includes('not ready') && line.includes('stale'))).toBe(true);
      // A write wakes the worker: its round is a heartbeat.
      const before = slow.app.outbox.heartbeat;
      slow.app.outbox.wake();
      await vi.waitFor(() => expect(slow.app.outbox.heartbeat).not.toBe(before), { timeout: 5_000 });
      expect((await slow.app.inject({ url: '/api/ready' })).json()).toEqual(READY);
    } finally {
      await slow.close();
    }
  });

  it('answers 503 when a migration this code carries is not applied', async () => {
    const fresh = await createTestDatabase(database().dialect);
    let app: TestApp | undefined;
    try {
      const names = Object.keys(migrations);
      const newest = names.at(-1) as string;
      await sql`delete from kysely_migration where name = ${newest}`.execute(fresh.db);
      app = await readyApp(await createTestApp(fresh.db, { deps: { outboxWorker: true } }));
      const response = await app.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'pending', outbox: 'ok' },
        message: `Not ready: migrations not applied: ${newest}.`,
        code: 'ServiceUnavailable',
      });
      // /api/health is liveness only: the process is alive.
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app?.close();
      await fresh.drop();
    }
  });

  it('answers 503 when the database is gone (SQLite: closed; PostgreSQL: dropped under it)', async () => {
    const fresh = await createTestDatabase(database().dialect);
    // The app's own connection to it, so the database can go while the app holds it.
    const db = createDatabase(fresh.config);
    const app = await readyApp(await createTestApp(db, { deps: { outboxWorker: true } }));
    try {
      expect((await app.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      if (fresh.dialect === 'sqlite') {
        await db.destroy();
      } else {
        // `drop database … with (force)` ends the app's connections; new ones find no database.
        await fresh.drop();
      }
      const response = await app.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        // Checked once and found complete: migrations never go back.
        checks: { database: 'unreachable', migrations: 'ok', outbox: 'ok' },
        message: 'Not ready: the database is unreachable.',
        code: 'ServiceUnavailable',
      });
    } finally {
      await app.close();
      if (fresh.dialect === 'postgres') await db.destroy();
      else await fresh.drop();
    }
  });

  it('answers 503 with migrations unknown when the database is gone before the first check', async () => {
    const db = createDatabase(database().config);
    const app = await createTestApp(db, { deps: { outboxWorker: false } } satisfies TestAppOptions);
    try {
      // Opened (Kysely opens a connection at the first query, and would open it again after
      // `destroy` if none was ever made), then closed.
      await sql`select 1`.execute(db);
      await db.destroy();
      const response = await app.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({
        database: 'unreachable',
        migrations: 'unknown',
        outbox: 'stale',
      });
      expect(response.json().message).toBe(
        'Not ready: the database is unreachable; the outbox worker has not run in the last 60 s.',
      );
    } finally {
      await app.close();
    }
  });

  it('is in the OpenAPI document, as a call that needs no token, with its 200 and 503', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = document.paths['/api/ready'].get;
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '503']);
    expect(operation.responses['503'].content['application/json'].schema.properties.code.enum).toEqual([
      'ServiceUnavailable',
    ]);
    expect(operation.responses['200'].description).toMatch(/may take traffic/);
    expect(operation.responses['503'].description).toMatch(/checks/);
  });
});
