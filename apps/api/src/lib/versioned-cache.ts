import { type CachedBody, cachedBody } from './read-cache';

/**
 * Serialised answers kept with the version of the data they were computed from
 * (docs/decisions/0012-business-bookings-cache.md). Unlike the public micro-cache (ReadCache), an
 * answer has no age limit: it is served again while the caller's freshly read version is the one it
 * was computed at, so another instance's write (which moves the version in the database) is seen
 * by the next read here.
 *
 * - The caller reads the version **before** computing: an answer computed while a write commits is
 *   kept under the older version, so the next read (seeing the newer one) computes again. Never
 *   the other way round.
 * - Concurrent misses of one key at one version share one computation.
 * - Memory is bounded by bytes (JSON and gzip copy), the least recently used answers going first.
 */
export class VersionedCache {
  readonly #maxBytes: number;
  #bytes = 0;
  /** In least-recently-used order (a hit moves its key to the end). */
  readonly #entries = new Map<string, { version: number; body: CachedBody }>();
  readonly #pending = new Map<string, { version: number; body: Promise<CachedBody> }>();
  /** Counters, for tests and the benchmark. */
  readonly stats = { hits: 0, misses: 0, shared: 0 };

  constructor(options: { maxBytes?: number } = {}) {
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /**
   * The answer under `key` at `version`: kept, being computed by another request, or computed now
   * by `load` (the serialised JSON; a throw, e.g. a 400, is not kept).
   */
  get(key: string, version: number, load: () => Promise<string>): Promise<CachedBody> {
    return this.lookup(key, version, load).then(({ body }) => body);
  }

  /**
   * As `get`, and whether the answer was already kept (`kept`: a hit), e.g. to compress only
   * answers served more than once: a miss has just paid for computing it.
   */
  lookup(
    key: string,
    version: number,
    load: () => Promise<string>,
  ): Promise<{ body: CachedBody; kept: boolean }> {
    const entry = this.#entries.get(key);
    if (entry?.version === version) {
      this.stats.hits += 1;
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return Promise.resolve({ body: entry.body, kept: true });
    }
    return this.#compute(key, version, load).then((body) => ({ body, kept: false }));
  }

  #compute(key: string, version: number, load: () => Promise<string>): Promise<CachedBody> {
    const pending = this.#pending.get(key);
    if (pending?.version === version) {
      this.stats.shared += 1;
      return pending.body;
    }
    this.stats.misses += 1;
    const body = load()
      .then(cachedBody)
      .then((computed) => {
        this.#store(key, version, computed);
        return computed;
      })
      .finally(() => {
        if (this.#pending.get(key)?.body === body) this.#pending.delete(key);
      });
    this.#pending.set(key, { version, body });
    return body;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #store(key: string, version: number, body: CachedBody): void {
    const previous = this.#entries.get(key);
    // A slower computation of an older version never replaces a newer answer.
    if (previous && previous.version > version) return;
    if (previous) this.#delete(key);
    if (body.maxBytes > this.#maxBytes) return;
    this.#entries.set(key, { version, body });
    this.#bytes += body.maxBytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.maxBytes;
  }
}
