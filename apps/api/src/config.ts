import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import {
  DEFAULT_PAYMENT_WINDOW,
  DEFAULT_REMINDER_OFFSETS,
  parsePaymentWindow,
  parseReminderOffsets,
  type ReminderOffset,
} from '@app/domain';
import { z } from 'zod';
import { API_PACKAGE_DIR, findRepoRoot, invocationDir } from './paths';

export type DatabaseConfig =
  | { dialect: 'sqlite'; path: string } // a file path, or ':memory:'
  | {
      dialect: 'postgres';
      url: string;
      /**
       * DATABASE_POOL_SIZE (default DEFAULT_POOL_SIZE): the most connections this instance opens.
       * Every instance opens its own pool: instances × this, plus the tools (backups, psql), must
       * stay under the server's max_connections less its reserved ones (README, docs/deploy.md).
       */
      poolSize?: number;
    };

/** Each instance's PostgreSQL connections when DATABASE_POOL_SIZE is unset. */
export const DEFAULT_POOL_SIZE = 10;

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Unset: mail goes to the log and the development outbox (never in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  /** Public address used in emailed links; unset: http://localhost:{PORT} (api-contract §8.2). */
  appUrl: string;
  /** Problems that do not stop the start; the server logs each as a warning. */
  startupWarnings?: readonly string[];
  /** Per-IP attempts per minute on each rate-limited auth call. */
  authRateLimit: number;
  /** Failed attempts per account within the failure window before the account is blocked. */
  accountFailureLimit: number;
  /** false, or the proxies whose X-Forwarded-For is believed (IPs, CIDRs, loopback…; see TRUST_PROXY). */
  trustProxy: false | string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webBuild: string;
  dataDir: string;
  /** Fill an empty database with demo data at start (never in production; DEMO_DATA=off disables). */
  demoData: boolean;
  /**
   * How long (ms) the public reads (businesses, available times) are served from this instance's
   * micro-cache; 0 or unset: not cached (docs/decisions/0006-read-caching.md).
   */
  readCacheTtlMs?: number;
  /**
   * How long before an agreed booking's start each reminder goes out, longest first
   * (REMINDER_OFFSETS, default 24h,2h; set but empty: no reminders; api-contract §8.3).
   */
  reminderOffsets: readonly ReminderOffset[];
  /**
   * PAYMENT_WINDOW (default 24h): how long a customer has to pay what an agreement asks for, within
   * the limits of api-contract §9.2 (paymentDueBy).
   */
  paymentWindow: ReminderOffset;
  /**
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (both or neither): payments through Stripe
   * (api-contract §9.2); unset: the development provider outside production, none in production.
   * STRIPE_API_BASE points the SDK at a Stripe-compatible server (the tests' own); unset: Stripe.
   */
  stripe?: StripeConfig;
  /** PLATFORM_FEE_PERCENT (default 0): the application fee taken from each Stripe payment. */
  platformFeePercent?: number;
  /**
   * METRICS_PORT: Prometheus metrics at `/metrics` on a second listener on this port (on `host`),
   * never on the public one (api-contract §8.7); unset: no metrics. 0 (tests) picks a free port.
   */
  metricsPort?: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

/** READ_CACHE_TTL_MS when unset. */
export const DEFAULT_READ_CACHE_TTL_MS = 2000;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const POOL_SIZE_RULE = 'must be a whole number of connections from 1 to 100';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalText,
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, POOL_SIZE_RULE)
      .transform(Number)
      .pipe(z.number().min(1, POOL_SIZE_RULE).max(100, POOL_SIZE_RULE))
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_BUILD: optionalText,
  DEMO_DATA: optionalText.pipe(z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
  READ_CACHE_TTL_MS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of milliseconds')
      .transform(Number)
      .pipe(
        z.number().max(10_000, 'must be at most 10000 (10 s): other instances’ writes show only after it'),
      )
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PLATFORM_FEE_PERCENT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage from 0 to 50')
      .transform(Number)
      .pipe(z.number().max(50, 'must be a percentage from 0 to 50'))
      .optional(),
  ),
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number (1-65535)')
      .transform(Number)
      .pipe(
        z.number().min(1, 'must be a port number (1-65535)').max(65535, 'must be a port number (1-65535)'),
      )
      .optional(),
  ),
  // NOTE: not optionalText: an empty REMINDER_OFFSETS means no reminders, only an unset one the default.
  REMINDER_OFFSETS: z
    .string()
    .default(DEFAULT_REMINDER_OFFSETS)
    .transform((value, context) => {
      try {
        return parseReminderOffsets(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  PAYMENT_WINDOW: z
    .string()
    .default(DEFAULT_PAYMENT_WINDOW)
    .transform((value, context) => {
      try {
        return parsePaymentWindow(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

/** `unset` → <repo>/data/app.db; `sqlite:<path>`; `postgres://` or `postgresql://`. */
export function parseDatabaseUrl(
  value: string | undefined,
  dataDir: string,
  baseDir: string = invocationDir(),
): DatabaseConfig {
  if (!value) return { dialect: 'sqlite', path: join(dataDir, 'app.db') };
  if (/^postgres(ql)?:\/\//.test(value)) return { dialect: 'postgres', url: value };
  if (value.startsWith('sqlite:')) {
    // Accept sqlite:relative/path, sqlite:/abs/path and sqlite:///abs/path.
    const path = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!path) throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/app.db');
    if (path === ':memory:') return { dialect: 'sqlite', path };
    return { dialect: 'sqlite', path: isAbsolute(path) ? path : resolve(baseDir, path) };
  }
  throw new ConfigError('DATABASE_URL must start with sqlite:, postgres:// or postgresql://');
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One TRUST_PROXY entry: an IP, a CIDR (10.0.0.0/8, fd00::/8) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_EXAMPLE = 'e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.5,10.1.0.0/16';

/**
 * TRUST_PROXY: unset/false → off (X-Forwarded-* ignored, the peer address is the client); otherwise
 * a comma-separated list of the reverse proxies in front of the API: IPs, CIDRs and the names
 * loopback, linklocal, uniquelocal (`loopback` for a proxy on the same machine). Only a hop from
 * one of them is believed. `true` is refused: it would believe any client's X-Forwarded-For, so
 * anyone could pick the IP the rate limits count. Hop counts are refused: Fastify 5 cannot check
 * the peer with them.
 */
export function parseTrustProxy(value: string | undefined): false | string {
  if (value === undefined || /^(false|0|off|no)$/i.test(value)) return false;
  if (/^(true|on|yes)$/i.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY=${value} would believe the X-Forwarded-For of any client (who could then choose the IP that rate limits count): list the proxy addresses instead, ${TRUST_PROXY_EXAMPLE}`,
    );
  }
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY: list the proxy IPs/CIDRs or loopback, not a hop count; ${TRUST_PROXY_EXAMPLE}`,
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: not an IP, a CIDR or loopback/linklocal/uniquelocal: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}; ${TRUST_PROXY_EXAMPLE}`,
    );
  }
  return entries.join(',');
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in data/dev-jwt-secret, so a
 * restart of `npm run dev` keeps people signed in. Tests get a fresh random secret per process.
 */
function developmentSecret(env: AppConfig['env'], dataDir: string): string {
  if (env === 'test') return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'dev-jwt-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Parses the environment once; any problem fails the start with every message at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !env.JWT_SECRET) problems.push('  JWT_SECRET: required when NODE_ENV=production');
  if (isProduction && !env.SMTP_URL) {
    // NOTE: without SMTP nobody could receive a confirmation code, so production refuses to start.
    problems.push('  SMTP_URL: required when NODE_ENV=production (the development outbox is off there)');
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    // NOTE: metrics tell the request rates and backlog: they stay off the public port (api-contract §8.7).
    problems.push('  METRICS_PORT: must differ from PORT (metrics are never served on the public port)');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    // NOTE: one without the other would take payments it could never hear were paid.
    problems.push('  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both, or neither');
  }
  const onSqlite = !env.DATABASE_URL || env.DATABASE_URL.startsWith('sqlite:');
  if (env.DATABASE_POOL_SIZE !== undefined && onSqlite) {
    // NOTE: SQLite has one connection per process; a pool size there would be a setting that does
    // nothing. (A DATABASE_URL of neither kind is refused below with its own message.)
    problems.push('  DATABASE_POOL_SIZE: applies to PostgreSQL only (DATABASE_URL=postgres://...)');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const startupWarnings: string[] = [];
  if (isProduction && !env.APP_URL) {
    startupWarnings.push(
      `APP_URL is not set: emailed links point to http://localhost:${env.PORT}, which only works on this machine. Set APP_URL to the public address.`,
    );
  }

  const dataDir = join(findRepoRoot(), 'data');
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL, dataDir, invocationDir(source));
  const database: DatabaseConfig =
    databaseUrl.dialect === 'postgres' && env.DATABASE_POOL_SIZE !== undefined
      ? { ...databaseUrl, poolSize: env.DATABASE_POOL_SIZE }
      : databaseUrl;
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // Loopback by default, in production too (api-contract §8.9): exposing the server is a choice
    // (HOST=0.0.0.0 in a container, or to reach it from a phone on the same network).
    host: env.HOST ?? '127.0.0.1',
    database,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'TrimTime NI <no-reply@trimtime.local>',
    jwtSecret: env.JWT_SECRET ?? developmentSecret(env.NODE_ENV, dataDir),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    startupWarnings,
    authRateLimit: env.AUTH_RATE_LIMIT,
    accountFailureLimit: env.AUTH_ACCOUNT_FAILURE_LIMIT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    webBuild: env.WEB_BUILD
      ? resolve(invocationDir(source), env.WEB_BUILD)
      : resolve(API_PACKAGE_DIR, '..', 'web', 'build'),
    dataDir,
    demoData: !isProduction && env.DEMO_DATA !== 'off',
    readCacheTtlMs: env.READ_CACHE_TTL_MS ?? DEFAULT_READ_CACHE_TTL_MS,
    reminderOffsets: env.REMINDER_OFFSETS,
    paymentWindow: env.PAYMENT_WINDOW,
    ...(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
          },
        }
      : {}),
    platformFeePercent: env.PLATFORM_FEE_PERCENT ?? 0,
    ...(env.METRICS_PORT === undefined ? {} : { metricsPort: env.METRICS_PORT }),
  };
}
