import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { ERROR_STATUS } from '../../src/lib/errors';
import { createTestApp, type TestApp } from '../helpers/app';

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by path.
type Json = any;

const PASSWORD_OPERATIONS = [
  '/api/auth/register',
  '/api/auth/register-with-invite',
  '/api/auth/login',
  '/api/auth/reset-password',
];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** [path, method, operation] of every operation in the document. */
const operationsOf = (document: Json): [string, string, Json][] =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Json>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, string, Json] => [path, method, operation]),
  );

const resolve = (document: Json, schema: Json) =>
  schema?.$ref ? document.components.schemas[String(schema.$ref).split('/').pop() as string] : schema;

describe('the OpenAPI document', () => {
  let db: Db;
  let t: TestApp;
  let document: Json;
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(db);
    t = await createTestApp(db);
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t.close();
    await db.destroy();
  });

  it('gives every operation a unique operationId', () => {
    const ids = operationsOf(document).map(([path, method, operation]) => {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      return operation.operationId;
    });
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents getallbookings’ filters and pages (api-contract §8.5)', () => {
    const operation = document.paths['/api/booking/getallbookings'].get;
    const query = (operation.parameters as Json[]).filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => parameter.name).sort()).toEqual([
      'cursor',
      'from',
      'limit',
      'status',
      'to',
    ]);
    const ok = resolve(document, operation.responses['200'].content['application/json'].schema);
    expect(Object.keys(ok.properties).sort()).toEqual(['bookings', 'nextCursor']);
    expect(ok.required).toEqual(expect.arrayContaining(['bookings', 'nextCursor']));
  });

  it('declares X-Password-Encoding on register, register-with-invite, login and reset-password', () => {
    for (const path of PASSWORD_OPERATIONS) {
      const parameter = (document.paths[path].post.parameters ?? []).find(
        (p: Json) => p.in === 'header' && p.name === 'X-Password-Encoding',
      );
      expect(parameter, path).toMatchObject({ required: false, schema: { enum: ['base64'] } });
    }
  });

  it('lets each password field take the base64 form the web client sends', () => {
    // The longest password allowed, in 3-byte characters: its base64 is 4× as long.
    const longest = Buffer.from('€'.repeat(128), 'utf8').toString('base64');
    const typical = Buffer.from('Passw0rd!£', 'utf8').toString('base64');
    const fields = { password: 0, newPassword: 0 };
    for (const path of PASSWORD_OPERATIONS) {
      const body = document.paths[path].post.requestBody.content['application/json'].schema;
      for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
        const schema = body.properties[field];
        if (!schema) continue;
        fields[field] += 1;
        const base64 = (schema.anyOf ?? schema.oneOf ?? []).find((s: Json) => s.contentEncoding === 'base64');
        expect(base64, `${path} ${field}`).toBeDefined();
        const pattern = new RegExp(base64.pattern, 'u');
        for (const value of [longest, typical]) {
          expect(pattern.test(value), `${path} ${field} ${value}`).toBe(true);
          expect(value.length).toBeLessThanOrEqual(base64.maxLength);
          expect(value.length).toBeGreaterThanOrEqual(base64.minLength ?? 0);
        }
      }
    }
    expect(fields.password).toBe(3);
    expect(fields.newPassword).toBe(1);
  });

  it('documents Retry-After on every 429 and WWW-Authenticate on every 401', () => {
    let limited = 0;
    for (const [path, method, operation] of operationsOf(document)) {
      const tooMany = operation.responses['429'];
      if (tooMany) {
        limited += 1;
        expect(tooMany.headers?.['Retry-After']?.schema, `${method} ${path}`).toMatchObject({
          type: 'integer',
        });
      }
      const unauthorized = operation.responses['401'];
      if (unauthorized) expect(unauthorized.headers?.['WWW-Authenticate'], `${method} ${path}`).toBeDefined();
    }
    expect(limited).toBeGreaterThanOrEqual(8);
  });

  it('enumerates the error codes in every error response', () => {
    for (const [path, method, operation] of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        const declared = response.content['application/json'].schema;
        const code = resolve(document, declared).properties.code;
        const codes: string[] = code.enum ?? [code.const];
        expect(codes.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        expect(Object.keys(ERROR_STATUS)).toEqual(expect.arrayContaining(codes));
        if (declared.$ref) expect(codes).toEqual(expect.arrayContaining(Object.keys(ERROR_STATUS)));
      }
    }
  });

  it('describes every response (no "Default Response") and says which calls need no token', () => {
    for (const [path, method, operation] of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
        expect(response.description.length).toBeGreaterThan(5);
      }
      expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
    }
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/user/userdetails'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it('passes redocly lint with no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const result = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=summary'], {
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      }).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}\n${result.stderr}`).toMatch(/Your API description is valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('sends the document compressed when the client accepts it', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);
    const gzip = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
    expect(gzip.headers['cache-control']).toBe('no-store');
  });

  it('is served in production too', async () => {
    const productionDb = createDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(productionDb);
    const production = await createTestApp(productionDb, {
      config: { env: 'production', isProduction: true, smtpUrl: 'smtp://127.0.0.1:2525' },
    });
    try {
      const response = await production.app.inject({ url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      expect(response.json().paths['/api/auth/login'].post.operationId).toBe(
        document.paths['/api/auth/login'].post.operationId,
      );
    } finally {
      await production.close();
      await productionDb.destroy();
    }
  });
});
