/**
 * The real server (src/server.ts, bundled as `npm start` runs it) with METRICS_PORT: ready and
 * scraped over real sockets, and on SIGTERM the metrics listener closes with the app and the
 * process exits 0 (api-contract §8.7).
 */
import { afterEach, expect, it } from 'vitest';
import { freePort, ServerProcess, sleep } from '../crash/server-process';
import { describeEachDatabase } from '../helpers/databases';

describeEachDatabase('the server with METRICS_PORT', (database) => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('is ready, serves /metrics on its own port only, and closes it on SIGTERM', async () => {
    const metricsPort = await freePort();
    server = new ServerProcess(database().config, { env: { METRICS_PORT: String(metricsPort) } });
    await server.start();
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    // Ready once the outbox worker's first round is done, a moment after it listens.
    let ready = await fetch(`${server.baseUrl}/api/ready`);
    for (const deadline = Date.now() + 5_000; ready.status !== 200 && Date.now() < deadline; ) {
      await ready.body?.cancel();
      await sleep(20);
      ready = await fetch(`${server.baseUrl}/api/ready`);
    }
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', outbox: 'ok' },
    });
    const publicMetrics = await fetch(`${server.baseUrl}/metrics`);
    expect(publicMetrics.status).toBe(404);
    await publicMetrics.body?.cancel();

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/ready",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(/^outbox_backlog \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (database().dialect === 'postgres') expect(text).toMatch(/^db_pool_connections \d+$/m);

    server.signal('SIGTERM');
    expect(await server.waitForExit()).toEqual({ code: 0, signal: null });
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });

  it('refuses to start with METRICS_PORT equal to PORT', async () => {
    server = new ServerProcess(database().config);
    // The child's PORT is picked at start: the same value for both makes the clash.
    const port = await freePort();
    server.env = { PORT: String(port), METRICS_PORT: String(port) };
    await expect(server.start(10_000)).rejects.toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
