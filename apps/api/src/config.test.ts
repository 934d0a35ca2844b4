import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl, parseTrustProxy } from './config';
import { API_PACKAGE_DIR, findRepoRoot } from './paths';

const env = (values: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...values });

describe('loadConfig', () => {
  it('has working defaults outside production', () => {
    const config = loadConfig(env({}));
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      authRateLimit: 10,
      accountFailureLimit: 5,
      trustProxy: false,
      smtpUrl: undefined,
      logLevel: 'info',
      webBuild: join(API_PACKAGE_DIR, '..', 'web', 'build'),
      readCacheTtlMs: 2000,
      reminderOffsets: [
        { label: '24h', amount: 24, unit: 'h' },
        { label: '2h', amount: 2, unit: 'h' },
      ],
      paymentWindow: { label: '24h', amount: 24, unit: 'h' },
    });
    expect(config.database).toEqual({ dialect: 'sqlite', path: join(findRepoRoot(), 'data', 'app.db') });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads PAYMENT_WINDOW as one length, and refuses a list or nonsense naming the variable', () => {
    expect(loadConfig(env({ PAYMENT_WINDOW: '90m' })).paymentWindow).toEqual({
      label: '90m',
      amount: 90,
      unit: 'm',
    });
    expect(() => loadConfig(env({ PAYMENT_WINDOW: '24h,2h' }))).toThrow(/PAYMENT_WINDOW/);
    expect(() => loadConfig(env({ PAYMENT_WINDOW: 'soon' }))).toThrow(/PAYMENT_WINDOW/);
  });

  it('takes Stripe with both its keys, the platform fee as a percentage; one key alone is refused', () => {
    expect(loadConfig(env({})).stripe).toBeUndefined();
    expect(loadConfig(env({})).platformFeePercent).toBe(0);
    const config = loadConfig(
      env({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        PLATFORM_FEE_PERCENT: '2.5',
      }),
    );
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      apiBase: 'http://127.0.0.1:12111',
    });
    expect(config.platformFeePercent).toBe(2.5);
    expect(() => loadConfig(env({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both, or neither/,
    );
    expect(() => loadConfig(env({ PLATFORM_FEE_PERCENT: '60' }))).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => loadConfig(env({ PLATFORM_FEE_PERCENT: 'lots' }))).toThrow(/PLATFORM_FEE_PERCENT/);
  });

  it('keeps the data folder at the repository root, wherever it is started from', () => {
    expect(findRepoRoot()).toBe(join(API_PACKAGE_DIR, '..', '..'));
  });

  it('requires JWT_SECRET and SMTP_URL in production, and listens on loopback there too unless HOST says otherwise', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL/);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config).toMatchObject({ isProduction: true, host: '127.0.0.1', jwtSecret: 'x'.repeat(40) });
  });

  it('points links at http://localhost:{PORT} when APP_URL is unset, warning about it in production', () => {
    const development = loadConfig(env({ PORT: '4100' }));
    expect(development.appUrl).toBe('http://localhost:4100');
    expect(development.startupWarnings).toEqual([]);
    const production = loadConfig({
      NODE_ENV: 'production',
      PORT: '4100',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
    });
    expect(production.appUrl).toBe('http://localhost:4100');
    expect(production.startupWarnings).toEqual([expect.stringMatching(/APP_URL is not set.*localhost:4100/)]);
    const configured = loadConfig({
      NODE_ENV: 'production',
      PORT: '4100',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      APP_URL: 'https://book.example.com',
    });
    expect(configured.appUrl).toBe('https://book.example.com');
    expect(configured.startupWarnings).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ APP_URL: 'not a url' }, /APP_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ AUTH_RATE_LIMIT: '0' }, /AUTH_RATE_LIMIT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY=true would believe the X-Forwarded-For of any client/],
    [{ REMINDER_OFFSETS: '24h,3x' }, /REMINDER_OFFSETS: "3x" is not a reminder offset/],
    [
      { DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '0' },
      /DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 100/,
    ],
    [
      { DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '2.5' },
      /DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 100/,
    ],
    [
      { DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '101' },
      /DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 100/,
    ],
    [{ DATABASE_POOL_SIZE: '5' }, /DATABASE_POOL_SIZE: applies to PostgreSQL only/],
    [
      { DATABASE_URL: 'sqlite:./x.db', DATABASE_POOL_SIZE: '5' },
      /DATABASE_POOL_SIZE: applies to PostgreSQL only/,
    ],
    [{ DATABASE_URL: 'mysql://x', DATABASE_POOL_SIZE: '5' }, /DATABASE_URL must start with sqlite:/],
  ])('fails at start on bad values: %o', (values, message) => {
    expect(() => loadConfig(env(values))).toThrow(ConfigError);
    expect(() => loadConfig(env(values))).toThrow(message);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      env({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://u:p@db:5432/app',
        DATABASE_POOL_SIZE: '4',
        SMTP_URL: 'smtps://u:p@mail:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        JWT_SECRET: 's'.repeat(32),
        APP_URL: 'https://book.example.com/',
        AUTH_RATE_LIMIT: '50',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
        LOG_LEVEL: 'warn',
        WEB_BUILD: '/srv/web',
        READ_CACHE_TTL_MS: '500',
        REMINDER_OFFSETS: '90m',
      }),
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { dialect: 'postgres', url: 'postgres://u:p@db:5432/app', poolSize: 4 },
      smtpUrl: 'smtps://u:p@mail:465',
      mailFrom: 'Shop <shop@example.com>',
      appUrl: 'https://book.example.com',
      authRateLimit: 50,
      trustProxy: 'loopback,10.0.0.0/8',
      logLevel: 'warn',
      webBuild: '/srv/web',
      readCacheTtlMs: 500,
      reminderOffsets: [{ label: '90m', amount: 90, unit: 'm' }],
    });
  });

  it('reads REMINDER_OFFSETS longest first, empty as no reminders, and refuses a bad item by name', () => {
    const labels = (value: string) =>
      loadConfig(env({ REMINDER_OFFSETS: value })).reminderOffsets.map((offset) => offset.label);
    expect(labels('30m, 1d ,2h,2h')).toEqual(['1d', '2h', '30m']);
    expect(labels('')).toEqual([]);
    expect(labels('  ')).toEqual([]);
    for (const [bad, item] of [
      ['15d', '"15d" is too long'],
      ['0h', '"0h" is not a reminder offset'],
      ['2h,', '"2h," has an empty item between commas'],
      ['1w', '"1w" is not a reminder offset'],
    ] as const) {
      expect(() => loadConfig(env({ REMINDER_OFFSETS: bad })), bad).toThrow(ConfigError);
      expect(() => loadConfig(env({ REMINDER_OFFSETS: bad })), bad).toThrow(`REMINDER_OFFSETS: ${item}`);
    }
  });

  it('lists a bad REMINDER_OFFSETS with the other problems at once', () => {
    expect(() => loadConfig(env({ PORT: 'abc', REMINDER_OFFSETS: 'soon' }))).toThrow(
      /PORT: .*\n {2}REMINDER_OFFSETS: "soon" is not a reminder offset/s,
    );
  });

  it('takes READ_CACHE_TTL_MS from 0 (off) to 10000, and nothing else', () => {
    expect(loadConfig(env({ READ_CACHE_TTL_MS: '0' })).readCacheTtlMs).toBe(0);
    expect(loadConfig(env({ READ_CACHE_TTL_MS: '10000' })).readCacheTtlMs).toBe(10_000);
    expect(loadConfig(env({ READ_CACHE_TTL_MS: ' ' })).readCacheTtlMs).toBe(2000);
    for (const bad of ['-1', '10001', '1.5', 'soon']) {
      expect(() => loadConfig(env({ READ_CACHE_TTL_MS: bad })), bad).toThrow(/READ_CACHE_TTL_MS/);
    }
  });
});

describe('parseDatabaseUrl', () => {
  it.each([
    ['sqlite:./x.db', { dialect: 'sqlite', path: '/base/x.db' }],
    ['sqlite:/abs/x.db', { dialect: 'sqlite', path: '/abs/x.db' }],
    ['sqlite:///abs/x.db', { dialect: 'sqlite', path: '/abs/x.db' }],
    ['sqlite::memory:', { dialect: 'sqlite', path: ':memory:' }],
    ['postgresql://h/db', { dialect: 'postgres', url: 'postgresql://h/db' }],
  ])('%s', (value, expected) => {
    expect(parseDatabaseUrl(value, '/data', '/base')).toEqual(expected);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['off', false],
    ['loopback', 'loopback'],
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1,10.0.0.0/8'],
    [' 10.0.0.5 , fd00::/8 ,uniquelocal', '10.0.0.5,fd00::/8,uniquelocal'],
  ])('%s', (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });

  it.each(['true', 'TRUE', 'yes', 'on'])(
    'refuses %s: any client could choose the IP the rate limits count',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(ConfigError);
      expect(() => parseTrustProxy(value)).toThrow(
        /list the proxy addresses instead, e\.g\. TRUST_PROXY=loopback/,
      );
    },
  );

  it.each(['1', '2', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '*', '::1/129', '10.0.0.0/8/8'])(
    'refuses %s with the entry named',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
    },
  );
});
