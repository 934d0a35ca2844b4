import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** A text kept as bytes beside its brotli and gzip copies, to send as the client accepts. */
export interface Precompressed {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Compresses a text once, at the strongest settings: for answers that never change once made
 * (the app page, the OpenAPI document), so the cost is paid once and every download is smallest.
 */
export function precompress(text: string): Precompressed {
  const raw = Buffer.from(text);
  return {
    raw,
    br: brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}
