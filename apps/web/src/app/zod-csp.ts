/**
 * zod probes `new Function` to compile faster object parsers unless `jitless` is set. Under the
 * app's CSP (script-src 'self', no 'unsafe-eval') the probe fails, and although zod catches that,
 * the browser reports a CSP violation on every page that builds a form schema.
 *
 * NOTE: set on `globalThis.__zod_globalConfig`, where zod keeps its settings (shared by every copy
 * of zod), rather than through `import { config } from 'zod'`, which would put ~4 kB of zod into
 * every page's first load. Runs before any schema exists: the form rules are loaded lazily.
 */
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

// Imported first by app/root.tsx, whose imports run before every page's: no schema exists yet.
makeZodJitless();
