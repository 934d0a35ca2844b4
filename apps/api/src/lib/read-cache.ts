import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Clock } from './clock';

/**
 * A micro-cache of serialised answers of public reads (docs/decisions/0006-read-caching.md).
 *
 * - An answer is kept at most `ttlMs`, by both the monotonic clock and the app's clock (which the
 *   answer was computed with: "slots not in the past" is never staler than the TTL, and a test
 *   clock moved forward expires it too).
 * - `invalidate()` (every write request this instance handles calls it) makes every kept answer
 *   stale at once. A computation that began before an invalidation is never kept, so a read that
 *   raced a write cannot put the pre-write answer back.
 * - Concurrent misses of one key share one computation (no stampede when an answer expires).
 * - The JSON is kept as bytes, with its ETag and, once asked for, its gzip: a hit costs no query,
 *   no serialisation and no compression.
 */
export class CachedBody {
  #gzip: Buffer | undefined;

  constructor(
    /** The answer, UTF-8 JSON. */
    readonly json: Buffer,
    /** A weak validator of the JSON (the same for the gzip copy, which holds the same JSON). */
    readonly etag: string,
  ) {}

  /**
   * The gzip copy, compressed on first use, at zlib's fastest level: an answer is kept for seconds
   * and compressed again when it expires, and for these lists of times level 1 takes half the time
   * of the default for a copy about a fifth larger (18 KB of JSON: 2.6 KB instead of 2.2 KB).
   */
  gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: 1 });
    return this.#gzip;
  }

  /** What it may hold in memory: the JSON and a gzip copy (never larger, give or take a header). */
  get maxBytes(): number {
    return 2 * this.json.length + 64;
  }
}

export function cachedBody(json: string): CachedBody {
  const bytes = Buffer.from(json, 'utf8');
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return new CachedBody(bytes, `W/"${digest}"`);
}

interface Entry {
  body: CachedBody;
  generation: number;
  /** performance.now() when the computation began. */
  startedAt: number;
  /** The app clock's epoch ms when the computation began. */
  startedAtClock: number;
}

export interface ReadCacheOptions {
  /** How long an answer is served again; 0 keeps nothing (every read computes its answer). */
  ttlMs: number;
  /** The app's clock. */
  clock: Clock;
  /** Bytes kept at most (JSON and gzip copies); the oldest answers go first. Default 64 MiB. */
  maxBytes?: number;
  /** A monotonic clock in ms (tests). Default performance.now. */
  monotonic?: () => number;
}

export class ReadCache {
  readonly ttlMs: number;
  readonly #clock: Clock;
  readonly #maxBytes: number;
  readonly #monotonic: () => number;
  #generation = 0;
  #bytes = 0;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<CachedBody>>();
  /** Counters, for tests and the benchmark. */
  readonly stats = { hits: 0, misses: 0, shared: 0, invalidations: 0 };

  constructor(options: ReadCacheOptions) {
    this.ttlMs = Math.max(0, options.ttlMs);
    this.#clock = options.clock;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#monotonic = options.monotonic ?? (() => performance.now());
  }

  /** Everything kept, and everything being computed, is stale from now on. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
    this.#pending.clear();
    this.stats.invalidations += 1;
  }

  /**
   * The answer under `key`: kept, being computed by another request, or computed now by `load`
   * (which returns the serialised JSON, or throws, e.g. a 404, which is not kept).
   */
  get(key: string, load: () => Promise<string>): Promise<CachedBody> {
    if (this.ttlMs === 0) return load().then(cachedBody);
    const entry = this.#entries.get(key);
    if (entry) {
      if (this.#isFresh(entry)) {
        this.stats.hits += 1;
        return Promise.resolve(entry.body);
      }
      this.#delete(key, entry);
    }
    const pending = this.#pending.get(key);
    if (pending) {
      this.stats.shared += 1;
      return pending;
    }
    this.stats.misses += 1;
    const generation = this.#generation;
    const startedAt = this.#monotonic();
    const startedAtClock = this.#clock().getTime();
    const computation = load()
      .then(cachedBody)
      .then((body) => {
        if (generation === this.#generation)
          this.#store(key, { body, generation, startedAt, startedAtClock });
        return body;
      })
      .finally(() => {
        if (this.#pending.get(key) === computation) this.#pending.delete(key);
      });
    this.#pending.set(key, computation);
    return computation;
  }

  get size(): number {
    return this.#entries.size;
  }

  #isFresh(entry: Entry): boolean {
    if (entry.generation !== this.#generation) return false;
    if (this.#monotonic() - entry.startedAt >= this.ttlMs) return false;
    const age = this.#clock().getTime() - entry.startedAtClock;
    return age >= 0 && age < this.ttlMs;
  }

  #store(key: string, entry: Entry): void {
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    this.#entries.set(key, entry);
    this.#bytes += entry.body.maxBytes;
    this.#evict();
  }

  #delete(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.maxBytes;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#delete(key, entry);
    }
  }
}
