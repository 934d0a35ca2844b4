import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../helpers/app';
import { registration, uniqueEmail } from '../helpers/factories';
import { call, createCustomer } from '../helpers/marketplace';
import { createFakeWebBuild, withFakeWeb } from '../helpers/web';
import { forEachDatabase } from './support';

/** The invite page of the web app (apps/web/src/config/paths.ts: `/invite/:inviteCode`). */
const INVITE_PAGE = '/invite/Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV6cXV1enF1dXpxdXV6';

type Headers = LightMyRequestResponse['headers'];

/** What ASVS 3.4 asks of every response; returns the problems. */
function headerProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
  if (!csp) problems.push('no Content-Security-Policy');
  if (directives.get('object-src')?.join(' ') !== "'none'")
    problems.push(`object-src ${directives.get('object-src')}`);
  const baseUri = directives.get('base-uri')?.join(' ');
  if (baseUri !== "'none'" && baseUri !== "'self'") problems.push(`base-uri ${baseUri}`);
  const frameAncestors = directives.get('frame-ancestors')?.join(' ');
  if (frameAncestors !== "'none'" && frameAncestors !== "'self'")
    problems.push(`frame-ancestors ${frameAncestors}`);
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  if (scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'" || s === '*'))
    problems.push(`script-src ${scripts.join(' ')}`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  const referrer = String(headers['referrer-policy'] ?? '');
  if (!['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin'].includes(referrer))
    problems.push(`Referrer-Policy ${referrer || 'missing'}`);
  return problems;
}

const hstsOf = (headers: Headers) => headers['strict-transport-security'];

/** A valid HSTS header for ASVS 3.4.1: at least a year, subdomains included. */
function expectStrongHsts(value: unknown) {
  const text = String(value ?? '');
  const maxAge = Number(/max-age=(\d+)/.exec(text)?.[1] ?? 0);
  expect(maxAge, text).toBeGreaterThanOrEqual(31_536_000);
  expect(text.toLowerCase()).toContain('includesubdomains');
}

forEachDatabase((database) => {
  let t: TestApp;
  let webBuild: string;
  let removeBuild: () => void;
  beforeAll(async () => {
    // A stand-in for the web app: its server render and fingerprinted assets.
    const build = createFakeWebBuild();
    webBuild = build.webBuild;
    removeBuild = build.remove;
    const web = withFakeWeb(webBuild);
    t = await createTestApp(database().db, { ...web, config: { ...web.config, authRateLimit: 2 } });
  });
  afterAll(async () => {
    await t.close();
    removeBuild();
  });

  /** One request of each kind the server answers: JSON, every error, HTML pages, assets, docs. */
  async function everyKindOfResponse(app: TestApp): Promise<Array<[string, LightMyRequestResponse]>> {
    const customer = await createCustomer(app, database().db);
    const html = { accept: 'text/html,application/xhtml+xml' };
    const inject = app.app.inject.bind(app.app);
    // Each call from an address of its own: only the 429 case is meant to hit the per-IP limit.
    const post = (url: string, body: unknown, extra: Parameters<TestApp['post']>[2] = {}) =>
      app.post(url, body, { remoteAddress: randomIp(), ...extra });
    const limited: LightMyRequestResponse[] = [];
    for (let i = 0; i < 3; i += 1) {
      limited.push(
        await app.post(
          '/api/auth/forgot-password',
          { username: uniqueEmail() },
          { remoteAddress: '198.51.100.77' },
        ),
      );
    }
    return [
      ['200 JSON', await inject({ url: '/api/health' })],
      ['200 JSON (signed in)', await call(app, 'GET', '/api/user/userdetails', customer)],
      ['201 JSON', await post('/api/auth/register', registration())],
      ['400 validation', await post('/api/auth/login', { nope: 1 })],
      [
        '400 malformed JSON',
        await post('/api/auth/login', '{"email":', { headers: { 'content-type': 'application/json' } }),
      ],
      ['400 malformed URL', await inject({ url: '/api/%E0%A4%A' })],
      ['400 malformed URL (page)', await inject({ url: '/%E0%A4%A', headers: html })],
      ['401', await inject({ url: '/api/user/userdetails' })],
      ['403', await call(app, 'GET', '/api/booking/getallbookings', customer)],
      ['404 API', await inject({ url: '/api/nothing-here' })],
      ['404 method', await inject({ method: 'DELETE', url: '/api/health' })],
      ['404 OPTIONS', await inject({ method: 'OPTIONS', url: '/api/auth/login' })],
      ['404 asset', await inject({ url: '/assets/missing-000000.js' })],
      ['413', await post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(110 * 1024) })],
      ['415', await post('/api/auth/login', 'email=a', { headers: { 'content-type': 'text/plain' } })],
      ['429', limited.at(-1) as LightMyRequestResponse],
      ['SPA /', await inject({ url: '/', headers: html })],
      ['SPA /login', await inject({ url: '/login', headers: html })],
      ['SPA /booking/x', await inject({ url: '/booking/abc', headers: html })],
      ['SPA invite page', await inject({ url: INVITE_PAGE, headers: html })],
      ['HEAD SPA page', await inject({ method: 'HEAD', url: '/profile', headers: html })],
      ['JS asset', await inject({ url: '/assets/app-1a2b3c.js' })],
      ['CSS asset', await inject({ url: '/assets/app-1a2b3c.css' })],
      ['docs UI', await inject({ url: '/api/docs', headers: html })],
      ['docs UI /', await inject({ url: '/api/docs/', headers: html })],
      ['docs redirect', await inject({ url: '/api/docs/static/index.html', headers: html })],
      ['docs JSON', await inject({ url: '/api/docs/json' })],
      ['docs YAML', await inject({ url: '/api/docs/yaml' })],
      ['docs script', await inject({ url: '/api/docs/static/swagger-initializer.js' })],
      ['docs asset', await inject({ url: '/api/docs/static/swagger-ui.css' })],
      ['dev outbox page', await inject({ url: '/dev/outbox', headers: html })],
      ['dev outbox JSON', await inject({ url: '/api/dev/outbox' })],
    ];
  }

  it('3.4.3 3.4.4 3.4.5 3.4.6 every response (API JSON, each 4xx, SPA pages, assets, /api/docs) has a CSP with object-src none, base-uri and frame-ancestors, nosniff and a Referrer-Policy', async () => {
    const responses = await everyKindOfResponse(t);
    const statuses = Object.fromEntries(responses.map(([name, r]) => [name, r.statusCode]));
    // The kinds really are what their names say.
    expect(statuses).toMatchObject({
      '400 malformed URL': 400,
      '401': 401,
      '403': 403,
      '404 API': 404,
      '413': 413,
      '415': 415,
      '429': 429,
      'SPA invite page': 200,
      'JS asset': 200,
      'docs UI /': 200,
    });
    const problems = responses.flatMap(([name, response]) =>
      headerProblems(response.headers).map((problem) => `${name} (${response.statusCode}): ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('3.4.5 error responses of the framework itself (a malformed URL) have the contract’s body and the same security headers', async () => {
    const good = await t.app.inject({ url: '/api/health' });
    const bad = await t.app.inject({ url: '/api/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BadRequest', message: 'Bad request.' });
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cache-control',
    ]) {
      expect(bad.headers[name], name).toBe(good.headers[name]);
    }
  });

  it('3.4.5 the invite page is served with Referrer-Policy no-referrer, however its path is spelled', async () => {
    const html = { accept: 'text/html' };
    for (const url of [
      INVITE_PAGE,
      `${INVITE_PAGE}?x=1`,
      `${INVITE_PAGE}/`,
      INVITE_PAGE.replace('invite', 'INVITE'),
      '/Invite/abc',
    ]) {
      const page = await t.app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // Other pages keep the default, which never sends a path to another site.
    const home = await t.app.inject({ url: '/', headers: html });
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('3.4.1 no HSTS over plain HTTP, even in production, or when an untrusted client claims X-Forwarded-Proto https', async () => {
    const production = await createTestApp(database().db, {
      ...withFakeWeb(webBuild),
      config: { isProduction: true, env: 'production', webBuild },
    });
    try {
      for (const app of [t, production]) {
        for (const url of ['/api/health', '/']) {
          const plain = await app.app.inject({ url, headers: { accept: 'text/html' } });
          expect(hstsOf(plain.headers), url).toBeUndefined();
          const spoofed = await app.app.inject({
            url,
            headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
            remoteAddress: '203.0.113.9',
          });
          expect(hstsOf(spoofed.headers), url).toBeUndefined();
        }
      }
    } finally {
      await production.close();
    }
  });

  it('3.4.1 HSTS (a year, includeSubDomains) on every response behind a trusted TLS proxy (X-Forwarded-Proto https from TRUST_PROXY)', async () => {
    const proxied = await createTestApp(database().db, {
      ...withFakeWeb(webBuild),
      config: { trustProxy: '10.0.0.5', webBuild },
    });
    try {
      const viaProxy = { remoteAddress: '10.0.0.5' };
      for (const [url, accept] of [
        ['/api/health', 'application/json'],
        ['/api/nothing-here', 'application/json'],
        ['/', 'text/html'],
        [INVITE_PAGE, 'text/html'],
        ['/api/docs/', 'text/html'],
        ['/assets/app-1a2b3c.js', '*/*'],
      ] as const) {
        const https = await proxied.app.inject({
          url,
          headers: { accept, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
          ...viaProxy,
        });
        expectStrongHsts(hstsOf(https.headers));
        const http = await proxied.app.inject({
          url,
          headers: { accept, 'x-forwarded-proto': 'http' },
          ...viaProxy,
        });
        expect(hstsOf(http.headers), url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
  });

  it('3.4.1 HSTS on a direct TLS connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'security-tls-'));
    try {
      // A throwaway self-signed certificate for 127.0.0.1.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const server = createHttpsServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (req, res) => t.app.routing(req, res),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
          const req = httpsRequest(
            { host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.headers));
            },
          );
          req.on('error', reject);
          req.end();
        });
        expectStrongHsts(headers['strict-transport-security']);
        expect(headerProblems(headers as Headers)).toEqual([]);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
