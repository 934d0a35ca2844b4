import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

const json = (text: string) => JSON.stringify({ text });
const textOf = (body: { json: Buffer }) => (JSON.parse(body.json.toString('utf8')) as { text: string }).text;

describe('VersionedCache', () => {
  it('serves the kept answer at the same version and computes again at another', async () => {
    const cache = new VersionedCache();
    let loads = 0;
    const load = (text: string) => async () => {
      loads += 1;
      return json(text);
    };
    expect(textOf(await cache.get('k', 1, load('one')))).toBe('one');
    expect(textOf(await cache.get('k', 1, load('ignored')))).toBe('one');
    expect(textOf(await cache.get('k', 2, load('two')))).toBe('two');
    expect(loads).toBe(2);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('shares one computation between concurrent misses of one version', async () => {
    const cache = new VersionedCache();
    let release: (value: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const load = () => {
      loads += 1;
      return slow;
    };
    const both = Promise.all([cache.get('k', 3, load), cache.get('k', 3, load)]);
    release(json('shared'));
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(loads).toBe(1);
    expect(cache.stats.shared).toBe(1);
  });

  it('never lets a slow computation of an older version replace a newer answer', async () => {
    const cache = new VersionedCache();
    let releaseOld: (value: string) => void = () => undefined;
    const old = cache.get(
      'k',
      1,
      () =>
        new Promise<string>((resolve) => {
          releaseOld = resolve;
        }),
    );
    await cache.get('k', 2, async () => json('new'));
    releaseOld(json('old'));
    expect(textOf(await old)).toBe('old');
    expect(textOf(await cache.get('k', 2, async () => json('recomputed')))).toBe('new');
  });

  it('keeps nothing for a computation that fails', async () => {
    const cache = new VersionedCache();
    await expect(cache.get('k', 1, () => Promise.reject(new Error('400')))).rejects.toThrow('400');
    expect(cache.size).toBe(0);
    expect(textOf(await cache.get('k', 1, async () => json('ok')))).toBe('ok');
  });

  it('stays within its bytes, the least recently used answers going first', async () => {
    const text = 'x'.repeat(1000);
    // Each answer counts twice its JSON (a gzip copy may be kept) plus a little.
    const cache = new VersionedCache({ maxBytes: 3 * (2 * json(text).length + 64) });
    for (const key of ['a', 'b', 'c']) await cache.get(key, 1, async () => json(text));
    await cache.get('a', 1, async () => json('recomputed'));
    await cache.get('d', 1, async () => json(text));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(3 * (2 * json(text).length + 64));
    // 'b' was the least recently used: gone; 'a' was used again: kept.
    expect(textOf(await cache.get('a', 1, async () => json('again')))).toBe(text);
    expect(textOf(await cache.get('b', 1, async () => json('again')))).toBe('again');
  });
});
