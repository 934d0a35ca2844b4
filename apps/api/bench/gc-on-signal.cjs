// Preloaded into the benchmark's API processes (bench/messages.ts): SIGUSR2 runs a full garbage
// collection, so the heap measured before and after opening many streams compares like with like.
// Only with --expose-gc; never in the product.
process.on('SIGUSR2', () => {
  if (typeof global.gc === 'function') global.gc();
});
