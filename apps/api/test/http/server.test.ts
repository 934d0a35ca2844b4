import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { uniqueEmail } from '../helpers/factories';
import { createFakeWebBuild, withFakeWeb } from '../helpers/web';

const countUsers = async (db: Db) => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describeEachDatabase('HTTP conventions', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it('answers 400 BadRequest for malformed JSON', async () => {
    const response = await t.post('/api/auth/login', '{"email": "a@b.co", "password": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BadRequest', message: 'Request body is not valid JSON.' });
  });

  it('answers 400 for an empty JSON body and for prototype poisoning', async () => {
    const empty = await t.post('/api/auth/login', '', { headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('BadRequest');
    const poisoned = await t.post('/api/auth/login', '{"__proto__": {"admin": true}}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers 400 ValidationError when the body is JSON but not an object', async () => {
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const response = await t.post('/api/auth/login', payload, {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'ValidationError',
        message: 'Request body must be a JSON object',
        errors: { body: 'Request body must be a JSON object' },
      });
    }
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])('answers 415 for Content-Type %s', async (contentType) => {
    const response = await t.post('/api/auth/register', 'email=a@b.co', {
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UnsupportedMediaType',
      message: 'Content-Type must be application/json.',
    });
  });

  it('answers 413 for a body over 100 KiB, and writes nothing', async () => {
    const before = await countUsers(database().db);
    const response = await t.post('/api/auth/register', {
      email: uniqueEmail(),
      password: 'Passw0rd!',
      filler: 'x'.repeat(101 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PayloadTooLarge', message: expect.stringContaining('100 KiB') });
    expect(await countUsers(database().db)).toBe(before);
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NotFound', message: `Route ${method} ${url} not found` });
    }
  });

  it('names the Bearer scheme in WWW-Authenticate on every 401', async () => {
    const responses = [
      await t.app.inject({ url: '/api/user/userdetails' }),
      await t.app.inject({ url: '/api/user/userdetails', headers: { authorization: 'Bearer not-a-token' } }),
      await t.post('/api/auth/login', { email: 'nobody@example.com', password: 'Wr0ngPass!' }),
      await t.post('/api/auth/refresh', { refreshToken: 'not-a-token' }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.raw.req.url).toBe(401);
      expect(response.headers['www-authenticate'], response.raw.req.url).toBe('Bearer');
    }
    const ok = await t.app.inject({ url: '/api/health' });
    expect(ok.headers['www-authenticate']).toBeUndefined();
  });

  it('sends the security headers, with the strict CSP', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends Cache-Control: no-store on every /api response, errors included', async () => {
    const responses = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/user/userdetails' }), // 401
      await t.app.inject({ url: '/api/nothing-here' }), // 404
      await t.app.inject({ url: '/api/docs/json' }),
      await t.app.inject({ url: '/api/dev/outbox' }),
      await t.post('/api/auth/login', { email: 'nobody@example.com', password: 'Wr0ngPass!' }), // 401
      await t.post('/api/auth/login', { nope: 1 }), // 400
    ];
    for (const response of responses) {
      expect(response.headers['cache-control'], response.raw.req.url).toBe('no-store');
    }
  });

  it('answers 400 for a control character in a query string or body field that no schema checks', async () => {
    for (const to of ['a%00b', '%00', 'x%1B', 'y%7F']) {
      const response = await t.app.inject({ url: `/api/dev/outbox?to=${to}` });
      expect(response.statusCode, to).toBe(400);
      expect(response.json()).toEqual({
        code: 'ValidationError',
        message: MESSAGES.invalidCharacters,
        errors: { to: MESSAGES.invalidCharacters },
      });
    }
    // Line breaks and tabs are text, not junk.
    expect((await t.app.inject({ url: '/api/dev/outbox?to=a%0Ab%09' })).statusCode).toBe(200);
  });

  it('sends Referrer-Policy no-referrer on invite pages', async () => {
    const response = await t.app.inject({
      url: '/invite/some-secret-code',
      headers: { accept: 'text/html' },
    });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('GET /api/health reports the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/health answers 503 when the database is unreachable', async () => {
    const db = createDatabase(database().config);
    await migrateToLatest(db);
    const broken = await createTestApp(db);
    try {
      await db.destroy();
      const response = await broken.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'error',
        database: 'unreachable',
        code: 'DatabaseUnavailable',
      });
    } finally {
      await broken.close();
    }
  });

  it('publishes the OpenAPI document and the docs UI under a CSP that lets it run', async () => {
    const spec = await t.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/confirm-signup',
      '/api/auth/resend-code',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/user/userdetails',
      '/api/health',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(
      document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await t.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline scripts for the CSP to block
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });
});

describe('the web app', () => {
  let dist: string;
  let removeBuild: () => void;
  beforeAll(() => {
    const build = createFakeWebBuild();
    dist = build.webBuild;
    removeBuild = build.remove;
  });
  afterAll(() => removeBuild());
  const assetsOf = (webBuild: string) => join(webBuild, 'client', 'assets');

  const withApp = async (webBuild: string, run: (t: TestApp) => Promise<void>, render = true) => {
    const db = createDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(db);
    const t = await createTestApp(db, render ? withFakeWeb(webBuild) : { config: { webBuild } });
    try {
      await run(t);
    } finally {
      await t.close();
      await db.destroy();
    }
  };

  it('renders every page a browser asks for with a nonce in its policy, and serves the fingerprinted assets', async () => {
    await withApp(dist, async (t) => {
      for (const url of ['/', '/login', '/booking/123', '/invite/abc']) {
        const page = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root">');
        expect(page.headers['cache-control']).toBe('no-cache');
        const nonce = /<script nonce="([^"]+)"/.exec(page.body)?.[1];
        expect(nonce).toBeTruthy();
        expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`);
        expect(page.headers['content-security-policy']).not.toContain("unsafe-inline';script");
      }
      const first = await t.app.inject({ url: '/' });
      const second = await t.app.inject({ url: '/' });
      expect(first.headers['content-security-policy']).not.toBe(second.headers['content-security-policy']);
      const asset = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await t.app.inject({ url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
    });
  });

  it('renders every app route whatever the Accept header (curl, link checkers), and a path it does not know as its 404 page', async () => {
    await withApp(dist, async (t) => {
      for (const url of ['/businesses', '/booking/123', '/invite/abc-DEF_1', '/login?next=%2Fprofile']) {
        for (const accept of [undefined, '*/*', 'application/json', 'text/plain']) {
          const page = await t.app.inject({ url, headers: accept ? { accept } : {} });
          expect(page.statusCode, `${url} ${accept}`).toBe(200);
          expect(page.headers['content-type']).toMatch(/^text\/html/);
          expect(page.body).toContain('<div id="root">');
        }
      }
      const unknown = await t.app.inject({ url: '/no-such-page', headers: { accept: '*/*' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/^text\/html/);
      expect(unknown.body).toContain('Page Not Found');
      const head = await t.app.inject({ method: 'HEAD', url: '/businesses' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });
  });

  it('compresses a rendered page for a browser that accepts brotli or gzip', async () => {
    await withApp(dist, async (t) => {
      const br = await t.app.inject({ url: '/businesses', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
      const gz = await t.app.inject({ url: '/businesses', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
      const plain = await t.app.inject({ url: '/businesses' });
      expect(plain.headers['content-encoding']).toBeUndefined();
    });
  });

  it('keeps a missing file, an unknown API route and a non-GET a 404, whatever the Accept header', async () => {
    await withApp(dist, async (t) => {
      for (const url of ['/assets/missing.js', '/assets/deep/missing.css', '/favicon.ico', '/humans.txt']) {
        for (const accept of [undefined, 'text/html']) {
          const response = await t.app.inject({ url, headers: accept ? { accept } : {} });
          expect(response.statusCode, `${url} ${accept}`).toBe(404);
          expect(response.json()).toEqual({ code: 'NotFound', message: 'Not found.' });
        }
      }
      const api = await t.app.inject({ url: '/api/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ code: 'NotFound', message: 'Route GET /api/nothing-here not found' });
      const post = await t.app.inject({
        method: 'POST',
        url: '/businesses',
        headers: { accept: 'text/html' },
      });
      expect(post.statusCode).toBe(404);
    });
  });

  it('sends Vary: Accept-Encoding with every /assets/ file, compressed or not', async () => {
    const style = 'body{color:red}'.repeat(100);
    writeFileSync(join(assetsOf(dist), 'style-aaa111.css'), style);
    writeFileSync(join(assetsOf(dist), 'style-aaa111.css.br'), brotliCompressSync(style));
    writeFileSync(join(assetsOf(dist), 'style-aaa111.css.gz'), gzipSync(style));
    await withApp(dist, async (t) => {
      for (const url of ['/assets/style-aaa111.css', '/assets/app-1a2b3c.js']) {
        for (const encoding of [undefined, 'br', 'gzip', 'gzip, deflate, br']) {
          const response = await t.app.inject({
            url,
            headers: encoding ? { 'accept-encoding': encoding } : {},
          });
          expect(response.statusCode, `${url} ${encoding}`).toBe(200);
          expect(response.headers.vary, `${url} ${encoding}`).toMatch(/accept-encoding/i);
        }
      }
    });
  });

  it('sends the brotli or gzip copy the build wrote beside an asset when the browser accepts it', async () => {
    const script = 'console.log("compressed");'.repeat(100);
    writeFileSync(join(assetsOf(dist), 'big-def456.js'), script);
    writeFileSync(join(assetsOf(dist), 'big-def456.js.br'), brotliCompressSync(script));
    writeFileSync(join(assetsOf(dist), 'big-def456.js.gz'), gzipSync(script));
    await withApp(dist, async (t) => {
      const url = '/assets/big-def456.js';
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toContain('immutable');
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await t.app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });
  });

  it('says to run npm run build when the web app is not built', async () => {
    await withApp(
      join(dist, 'nope'),
      async (t) => {
        const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/plain');
        expect(page.body).toContain('npm run build');
      },
      false,
    );
  });
});
