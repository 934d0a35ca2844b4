import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('fetches once however often it is asked, and remembers what came', async () => {
    const fetch = vi.fn(async () => 'code');
    const code = loadOnce(fetch);
    expect(code.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect([first, second]).toEqual(['code', 'code']);
    await code.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toBe('code');
  });

  it('tries again after a failed fetch', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    const code = loadOnce<string>(fetch);
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.loaded()).toBeUndefined();
    await expect(code.load()).resolves.toBe('code');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
