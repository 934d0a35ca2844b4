import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { API_PACKAGE_DIR } from '../../src/paths';

/**
 * A process that logs a burst of lines and exits through endLogs, as the server's shutdown does:
 * createLogger's stdout is written off the event loop (decision 33, addendum), so lines may still
 * be queued, or on libuv's thread pool, when the process decides to exit.
 */
const child = (count: number, exit: string) => `
import { pbkdf2 } from 'node:crypto';
import { createLogger, endLogs } from './src/lib/logger.ts';
const logger = createLogger({ level: 'info' });
// libuv's four threads busy for a while (the database's log syncs use them too): the first line's
// write waits behind them.
for (let i = 0; i < 4; i += 1) pbkdf2('x', 'y', 2_000_000, 32, 'sha256', () => {});
for (let index = 0; index < ${count}; index += 1) logger.info({ index }, 'line');
${exit}
`;

async function linesOf(count: number, exit: string): Promise<number[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', child(count, exit)],
    { cwd: API_PACKAGE_DIR, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).index);
}

describe('the log written off the event loop', () => {
  // Without endLogs (process.exit at once), pino writes the queued lines at exit, and the line
  // already handed to the pool comes after them, if at all: this test then fails on the order.
  it('has every line logged before an exit through endLogs on stdout, in order', async () => {
    const indexes = await linesOf(2000, 'endLogs(logger, () => process.exit(0), 30_000);');
    expect(indexes).toEqual(Array.from({ length: 2000 }, (_, index) => index));
  });
});
