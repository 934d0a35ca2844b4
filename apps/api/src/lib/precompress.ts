import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** A text kept as bytes beside its brotli and gzip copies, to send as the client accepts. */
export interface Precompressed {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** How hard to compress: the strongest settings, or quick ones for a page made on a request. */
export type CompressionEffort = 'strongest' | 'quick';

const SETTINGS = {
  // For answers that never change once made (the app page, the OpenAPI document): the cost is paid
  // once and every download is smallest.
  strongest: { brotliQuality: 11, gzipLevel: 9 },
  // For a page made while a request waits (a business's booking page, kept afterwards): about a
  // millisecond for the app page instead of ~12 ms, a few per cent larger.
  quick: { brotliQuality: 5, gzipLevel: 6 },
} as const;

/** Compresses a text once, as brotli and gzip, keeping all three. */
export function precompress(text: string, effort: CompressionEffort = 'strongest'): Precompressed {
  const raw = Buffer.from(text);
  const { brotliQuality, gzipLevel } = SETTINGS[effort];
  return {
    raw,
    br: brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip: gzipSync(raw, { level: gzipLevel }),
  };
}
