import { afterEach, expect, it } from 'vitest';
import { login, ServerProcess, seedAccounts } from '../crash/server-process';
import { describeEachDatabase } from '../helpers/databases';
import { openStream } from './support';

/**
 * The real server (src/server.ts in a child process): SIGTERM with event streams open ends them and
 * exits 0 at once, instead of waiting for clients that never hang up (or the 10 s shutdown timeout).
 */
describeEachDatabase('shutdown with open event streams', (database) => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('SIGTERM ends the open streams and exits 0 within 3 s', async () => {
    const { customers } = await seedAccounts(database().db, { customers: 1, businesses: 0 });
    server = new ServerProcess(database().config);
    await server.start();
    const token = await login(server.baseUrl, customers[0]?.email ?? '');
    const streams = [await openStream(server.baseUrl, token), await openStream(server.baseUrl, token)];
    for (const stream of streams) {
      expect(stream.status).toBe(200);
      await stream.waitFor((frames) => frames.find((frame) => frame.retry !== undefined));
    }
    const signalled = Date.now();
    server.signal('SIGTERM');
    const exit = await server.waitForExit();
    expect(exit, server.output).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(3_000);
    await Promise.all(streams.map((stream) => stream.ended));
  }, 60_000);
});
