// Preloaded into the benchmark's API processes (bench/run.ts, issue 34): the event loop's delay,
// measured by Node's own histogram (perf_hooks.monitorEventLoopDelay, 10 ms resolution as
// prom-client's default metrics). On SIGUSR2 it writes the delay since the last signal to stderr
// (apart from the log) and starts again: `loop-delay #N p99=… max=…` in milliseconds. Never in the
// product.
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let reports = 0;
process.on('SIGUSR2', () => {
  reports += 1;
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(
    `loop-delay #${reports} p99=${ms(histogram.percentile(99))} max=${ms(histogram.max)}\n`,
  );
  histogram.reset();
});
