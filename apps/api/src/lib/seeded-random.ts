/**
 * A small seeded PRNG (mulberry32): the same seed gives the same numbers in [0, 1), so the demo
 * data, the benchmark's marketplace and a failing crash run can be made again. A string seed is
 * hashed to a number first.
 */
export function seededRandom(seed: number | string): () => number {
  let state = 0;
  if (typeof seed === 'number') state = seed >>> 0;
  else for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
