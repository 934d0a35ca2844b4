/**
 * The app's close as src/server.ts runs it on SIGTERM (`await app.close()`, then the database),
 * with a real listener: a handler still running when its client has gone keeps the database open
 * until it is done, and a request that reaches the instance while it is closing is served (with
 * `Connection: close`), not refused with a 503 a load balancer would not retry (api-contract §8.7).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { createDatabase, type Db } from '../../src/db/database';
import { CapturingMailer, testConfig } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

describeEachDatabase('shutdown with requests in flight', (database) => {
  let open: { app: App; db: Db } | undefined;
  afterEach(async () => {
    await open?.app.close().catch(() => undefined);
    await open?.db.destroy().catch(() => undefined);
    open = undefined;
  });

  /** The app on its own connection to the test database (closed like server.ts closes it). */
  async function startApp(routes: (app: App, db: Db) => void): Promise<{ app: App; db: Db; url: string }> {
    const db = createDatabase(database().config);
    const app = await buildApp(testConfig({ database: database().config }), {
      db,
      mailer: new CapturingMailer(),
      outboxWorker: false,
    });
    routes(app, db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    open = { app, db };
    const { port } = app.server.address() as AddressInfo;
    return { app, db, url: `http://127.0.0.1:${port}` };
  }

  it('a client that disconnects mid-request during the shutdown: the database closes only after its handler has finished', async () => {
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((done) => {
      started = done;
    });
    let outcome = 'unfinished';
    let finishedAt = 0;
    const { app, db, url } = await startApp((app, db) => {
      app.get('/slow-in-test', async () => {
        await sql`select 1 as one`.execute(db);
        started();
        await sleep(400);
        try {
          await sql`select 2 as two`.execute(db);
          outcome = 'ok';
        } catch (error) {
          outcome = (error as Error).message;
        } finally {
          finishedAt = Date.now();
        }
        return { done: true };
      });
    });
    const client = httpRequest(`${url}/slow-in-test`);
    client.on('error', () => undefined);
    client.end();
    await handlerStarted;
    client.destroy(); // the client hangs up: its connection is gone
    await sleep(50);
    await app.close();
    const closedAt = Date.now();
    await db.destroy();
    expect(outcome, 'the handler’s query after the client left').toBe('ok');
    expect(finishedAt).toBeGreaterThan(0);
    expect(finishedAt).toBeLessThanOrEqual(closedAt);
  });

  it('a request that reaches the instance while it is closing (its listener still open) is served with Connection: close, not refused with 503', async () => {
    const { app, url } = await startApp((app) => {
      // Holds the close before the listener stops, as the outbox worker finishing a send does.
      app.addHook('preClose', async () => sleep(500));
    });
    const closing = app.close();
    await sleep(100);
    const response = await fetch(`${url}/api/health`);
    expect(response.status, await response.text()).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await closing;
  });
});
