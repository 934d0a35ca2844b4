import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-csp';

describe('zod under the CSP', () => {
  it('is configured jitless, so it never probes new Function (a CSP violation without unsafe-eval)', async () => {
    makeZodJitless();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
