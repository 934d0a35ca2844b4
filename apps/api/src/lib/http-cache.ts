import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CachedBody } from './read-cache';

// HTTP side of cached answers: content coding, conditional requests, sending a CachedBody.

/** Smaller answers are sent as they are: gzip would hardly shrink them. */
const GZIP_MIN_BYTES = 1024;

/**
 * Route config of a cached public read: browsers may keep the answer but must revalidate it every
 * time (If-None-Match → 304). Only for answers without personal data.
 */
export const CACHED_READ_CONFIG = { cacheControl: 'no-cache' } as const;

/** Answers for the few Accept-Encoding values browsers send over and over. */
const acceptsMemo = new Map<string, boolean>();

/** Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3: `gzip`, `x-gzip` or `*`, q > 0). */
export const acceptsGzip = (header: string | string[] | undefined) => acceptsCoding(header, 'gzip');

/** Whether an Accept-Encoding header accepts brotli (`br` or `*`, q > 0). */
export const acceptsBrotli = (header: string | string[] | undefined) => acceptsCoding(header, 'br');

function acceptsCoding(header: string | string[] | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const key = `${coding} ${value}`;
  let known = acceptsMemo.get(key);
  if (known === undefined) {
    known = parseAccepts(value, coding === 'gzip' ? ['gzip', 'x-gzip'] : ['br']);
    if (value.length <= 256) {
      if (acceptsMemo.size >= 64) acceptsMemo.clear();
      acceptsMemo.set(key, known);
    }
  }
  return known;
}

function parseAccepts(value: string, names: readonly string[]): boolean {
  let named: number | undefined;
  let any: number | undefined;
  for (const part of value.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!names.includes(name) && name !== '*') continue;
    let quality = 1;
    for (const param of params) {
      const [key = '', raw = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      // A weight that is not a number: refused rather than guessed.
      quality = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(raw) ? Number(raw) : 0;
    }
    if (name === '*') any = Math.max(any ?? 0, quality);
    else named = Math.max(named ?? 0, quality);
  }
  return (named ?? any ?? 0) > 0;
}

/** Whether If-None-Match names the answer's ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const opaque = etag.replace(/^W\//, '');
  return value.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * Outside production, every cached answer is checked against its route's schema before it is sent
 * (the tests run every route this way); in production it is not validated again (issue 34): the
 * mappers build it from typed rows, key for key, and the check costs more than the serialisation.
 */
const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

/**
 * The answer as JSON text. Outside production it must be exactly what the route's schema allows:
 * a key the schema does not know, a missing one or a wrong type throws instead of being sent.
 */
export function serializeWith<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  if (CHECK_ANSWERS && !isDeepStrictEqual(schema.encode(value), value)) {
    throw new Error('An answer does not match its route’s response schema');
  }
  return JSON.stringify(value);
}

/**
 * Sends a cached answer: 304 when the client already holds it, else the JSON, gzipped when the
 * client accepts it (and `compress` is not false). The ETag and `Vary: Accept-Encoding` go with both.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  options: { compress?: boolean } = {},
): FastifyReply {
  reply.header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (
    options.compress !== false &&
    body.json.length >= GZIP_MIN_BYTES &&
    acceptsGzip(request.headers['accept-encoding'])
  ) {
    reply.header('content-encoding', 'gzip');
    return reply.send(body.gzip());
  }
  return reply.send(body.json);
}
