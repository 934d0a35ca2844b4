import { createRequire } from 'node:module';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Secrets never reach the logs: auth headers, cookies, anything named like a password, code or
 * token, and whole bodies. Request bodies are never logged in the first place.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-password-encoding"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'confirmationCode',
  'inviteCode',
  'accessToken',
  'refreshToken',
  'token',
  'body',
  'text',
  'html',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.passwordHash',
  '*.confirmationCode',
  '*.inviteCode',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.body',
];

/** Hides invite codes in paths and secret-looking query parameters. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/invite\/)[^/?#]+/i, '$1[REDACTED]')
    .replace(/([?&][^=&]*(?:token|code|password|secret)[^=&]*=)[^&#]*/gi, '$1[REDACTED]');
}

function prettyTransport() {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } };
  } catch {
    return undefined; // a production install without devDependencies: plain JSON lines
  }
}

export interface LoggerOptions {
  level: string;
  /** Where lines go (tests capture them); default stdout. */
  destination?: DestinationStream;
  pretty?: boolean;
}

export function createLogger({ level, destination, pretty }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  if (destination) return pino(options, destination);
  const transport = pretty ? prettyTransport() : undefined;
  return transport ? pino({ ...options, transport }) : pino(options);
}
