import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
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

/** Hides invite codes and calendar feed tokens in paths, and secret-looking query parameters. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/invite\/)[^/?#]+/i, '$1[REDACTED]')
    .replace(/(\/api\/calendar\/)[^/?#]+/i, '$1[REDACTED]')
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

const SERIALIZERS: pino.LoggerOptions['serializers'] = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

export function createLogger({ level, destination, pretty }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: SERIALIZERS,
  };
  if (destination) return pino(options, destination);
  const transport = pretty ? prettyTransport() : undefined;
  if (transport) return pino({ ...options, transport });
  // Written to stdout off the event loop (issue 34): lines logged while a write is running go out
  // together in the next one. A process that exits ends it first (endLogs).
  const stdout = pino.destination({ dest: 1, sync: false });
  asyncOutputs.add(stdout);
  return pino(options, stdout);
}

/** The outputs createLogger writes to off the event loop. */
const asyncOutputs = new WeakSet<object>();

/** The destination a pino logger (or its child, or Fastify's wrapper of it) writes to. */
const outputOf = (logger: object) => (logger as Record<symbol, DestinationStream>)[pino.symbols.streamSym];

/**
 * Ends the logger's output and calls `done` once every line logged so far is written, or after
 * `withinMs`, whichever comes first. For a process about to exit: pino writes the lines still
 * queued when the process exits, ahead of the one already handed to libuv's thread pool, which
 * comes after them if the process lives long enough to write it.
 */
export function endLogs(logger: object, done: () => void, withinMs = 1000): void {
  const output = outputOf(logger);
  if (!output || !asyncOutputs.has(output)) {
    done();
    return;
  }
  const stream = output as DestinationStream & NodeJS.EventEmitter & { end(): void };
  const timer = setTimeout(done, withinMs);
  stream.once('close', () => {
    clearTimeout(timer);
    done();
  });
  stream.end();
}

/**
 * The logger of the one line per request: the same destination, level and serializers as
 * `logger`, without redaction. Its lines hold only what the serializers pick (method, the URL with
 * its secrets hidden, the client address, the status) and the time taken, so redaction has nothing
 * to do there, and it costs about 10 µs a line (pino's redaction clones the object it logs).
 */
export function createAccessLogger(logger: Logger): Logger {
  return pino({ level: logger.level, serializers: SERIALIZERS }, outputOf(logger));
}

const INFO = pino.levels.values.info ?? 30;
/** Whether a (request's) logger writes info lines: its level is info or more verbose. */
const isInfoEnabled = (log: { level: string }) => (pino.levels.values[log.level] ?? Infinity) <= INFO;

/**
 * One log line per request instead of Fastify's two: `request completed` (or `request errored`) at
 * the end, with the method, the URL (secrets hidden by `redactUrl`), the client address, the status
 * and the time taken. The arrival (`incoming request`) is logged only at debug level and below, for
 * following a request that never ends. A route's own `logLevel` still applies (health probes log at
 * warn, so only their failures).
 */
export class RequestLogController extends LogController {
  /** `access`: the logger of `request completed` lines (createAccessLogger); default request.log. */
  constructor(private readonly access?: Logger) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
    } else if (this.access && isInfoEnabled(reply.log)) {
      // The route's level decides (health probes log at warn); the line carries the request id
      // the request's own logger would have bound.
      this.access.info({ reqId: request.id, ...fields }, 'request completed');
    } else {
      reply.log.info(fields, 'request completed');
    }
  }
}
