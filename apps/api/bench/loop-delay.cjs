// Preloaded into the benchmark's API processes (bench/run.ts, issue 34): the event loop's delay,
// measured by Node's own histogram (perf_hooks.monitorEventLoopDelay, 10 ms resolution as
// prom-client's default metrics). On SIGUSR2 it writes the delay since the last signal to stderr
// (apart from the log) and starts again: `loop-delay #N p50=… p99=… max=…` in milliseconds. Never in the
// product.
//
// The histogram records the time between two firings of its 10 ms timer, the timer's own period
// included: an idle process reads 10.1 ms at the median and 10.7 at p99. The delay is how late the
// timer fired, so the period is taken off (as @fastify/under-pressure does with the histogram's
// mean); a task that holds the loop for 30 ms reads about 30 ms (test/tooling/loop-delay.test.ts).
//
// With BENCH_CPU_PROFILE=<dir> (npm run bench), each span between two signals is also profiled by
// V8's CPU profiler: the report names the file (`profile=<dir>/<pid>-<N>.cpuprofile`), so each
// benchmark row under load has its own profile (bench/profile-summary.mjs reads it).
const { writeFileSync, mkdirSync } = require('node:fs');
const { Session } = require('node:inspector');
const { join } = require('node:path');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

const profileDir = process.env.BENCH_CPU_PROFILE;
const session = profileDir ? new Session() : undefined;
if (session) {
  mkdirSync(profileDir, { recursive: true });
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
}

let reports = 0;
process.on('SIGUSR2', () => {
  reports += 1;
  const late = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
  const line = `loop-delay #${reports} p50=${late(histogram.percentile(50))} p99=${late(histogram.percentile(99))} max=${late(histogram.max)}`;
  histogram.reset();
  if (!session) {
    process.stderr.write(`${line}\n`);
    return;
  }
  const file = join(profileDir, `${process.pid}-${reports}.cpuprofile`);
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(file, JSON.stringify(result.profile));
    session.post('Profiler.start');
    process.stderr.write(`${line} profile=${error ? 'none' : file}\n`);
    histogram.reset();
  });
});
