import { ERROR_STATUS } from '../lib/errors';
import { BASE64_PATTERN, PASSWORD_ENCODING_HEADER, PASSWORD_FIELDS } from './password-encoding';

/**
 * api-contract §8.2: the OpenAPI document describes what is on the wire, so a contract-checking
 * proxy in front of the API passes what the web client really sends. The route schemas describe
 * the decoded request; this finishes the generated document with what only the plugins know: the
 * `X-Password-Encoding` header and the base64 form of password fields, operation ids, which calls
 * need no token, `Retry-After` on 429, `WWW-Authenticate` on 401, the error codes, and a
 * description of every response.
 */

// Loose shapes: the generator's output is plain JSON and only these parts are read or written.
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: JsonSchema }>;
}
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every `code` an error body can carry (the contract's ERROR_STATUS, packages/domain/src/contract/errors.ts). */
export const ERROR_CODES = Object.keys(ERROR_STATUS).sort();

export const API_ERROR_SCHEMA_NAME = 'ApiError';

const API_ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error has this shape; stack traces and SQL never appear.',
  properties: {
    message: { type: 'string', description: 'Human readable; for validation, the first field’s message.' },
    code: { type: 'string', enum: ERROR_CODES, description: 'Machine-readable reason.' },
    errors: {
      type: 'object',
      description: 'Validation failures only: one message per field.',
      additionalProperties: { type: 'string' },
    },
  },
  required: ['message', 'code'],
  additionalProperties: false,
};

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success: the body holds the result.',
  '201': 'Created: the body holds what was made.',
  '204': 'Done; no body.',
  '304': 'Not modified: the copy the client holds (If-None-Match) is still current.',
  '400':
    'Invalid input: `ValidationError` with one message per field in `errors`, or `BadRequest` (e.g. malformed JSON, a wrong code).',
  '401':
    'No, invalid or expired access token, or wrong credentials (`NotAuthorized`). Sent with `WWW-Authenticate: Bearer`.',
  '403':
    'Signed in, but this account may not do this (`Forbidden`), or it is not confirmed yet (`UserNotConfirmed`).',
  '404': 'Unknown resource, or one that belongs to somebody else.',
  '409':
    'Conflict: the current state does not allow it (slot taken, email taken, invite used, status change not allowed).',
  '410': 'The invite has expired (`InviteExpired`).',
  '413': 'The body is over 100 KiB (`PayloadTooLarge`).',
  '415': 'The body is not `application/json` (`UnsupportedMediaType`).',
  '429': 'Too many attempts (`TooManyRequests`): wait the `Retry-After` seconds, then try again.',
  '500': 'A bug on the server (`InternalError`); nothing about it is shown.',
  '503': 'A service this call needs (the database, email) is unavailable for now.',
};

const RETRY_AFTER_HEADER = {
  description: 'Whole seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

const WWW_AUTHENTICATE_HEADER = {
  description: 'The scheme to authenticate with: `Bearer`.',
  schema: { type: 'string', enum: ['Bearer'] },
};

const PASSWORD_ENCODING_PARAMETER = {
  name: PASSWORD_ENCODING_HEADER,
  in: 'header',
  required: false,
  description:
    '`base64`: the password fields of the body are base64 of the UTF-8 password (the web client always sends this). Left out: they are plain text.',
  schema: { type: 'string', enum: ['base64'] },
};

/** `post` `/api/booking/available-times` → `postBookingAvailableTimes`; path parameters read `ById`. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[^A-Za-z0-9{}]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith('{') ? `By${word.slice(1, -1)}` : word))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The base64 form of a password field whose plain form is `plain`. */
function base64PasswordSchema(plain: JsonSchema): JsonSchema {
  const schema: JsonSchema = {
    type: 'string',
    contentEncoding: 'base64',
    contentMediaType: 'text/plain',
    pattern: BASE64_PATTERN.source,
    description: `With \`${PASSWORD_ENCODING_HEADER}: base64\`: base64 of the UTF-8 password.`,
  };
  // A UTF-16 code unit is at most 3 UTF-8 bytes, and base64 writes 4 characters per 3 bytes.
  if (typeof plain.maxLength === 'number') schema.maxLength = 4 * plain.maxLength;
  if (typeof plain.minLength === 'number' && plain.minLength > 0)
    schema.minLength = 4 * Math.ceil(plain.minLength / 3);
  return schema;
}

/** A body with password fields: the header parameter, and both forms of each field. */
function describePasswordEncoding(operation: Operation): void {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const properties = schema?.properties;
  if (!properties) return;
  const fields = PASSWORD_FIELDS.filter((field) => properties[field] !== undefined);
  if (fields.length === 0) return;
  for (const field of fields) {
    const plain = properties[field] as JsonSchema;
    properties[field] = {
      description: `A password, plain or (with \`${PASSWORD_ENCODING_HEADER}: base64\`) base64-encoded.`,
      anyOf: [
        { ...plain, description: 'Without the header: the password as typed.' },
        base64PasswordSchema(plain),
      ],
    };
  }
  const parameters = operation.parameters ?? [];
  if (
    !parameters.some(
      (p) => p.in === 'header' && p.name.toLowerCase() === PASSWORD_ENCODING_HEADER.toLowerCase(),
    )
  )
    parameters.push({ ...PASSWORD_ENCODING_PARAMETER });
  operation.parameters = parameters;
}

/** An error body of the contract's shape whose `code` is not pinned yet. */
const isApiErrorSchema = (schema: JsonSchema | undefined) => {
  const code = schema?.properties?.code;
  return (
    schema?.properties?.message !== undefined &&
    code !== undefined &&
    code.enum === undefined &&
    code.const === undefined
  );
};

function describeResponses(operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!response.description || response.description === 'Default Response') {
      response.description = RESPONSE_DESCRIPTIONS[status] ?? `HTTP ${status}.`;
    }
    if (Number(status) >= 400) {
      for (const media of Object.values(response.content ?? {})) {
        if (isApiErrorSchema(media.schema))
          media.schema = { $ref: `#/components/schemas/${API_ERROR_SCHEMA_NAME}` };
      }
    }
    if (status === '429') response.headers = { ...response.headers, 'Retry-After': RETRY_AFTER_HEADER };
    if (status === '401')
      response.headers = { ...response.headers, 'WWW-Authenticate': WWW_AUTHENTICATE_HEADER };
  }
}

/** Finishes the generated document in place (and returns it): see the comment at the top. */
export function describeTheWire<T extends OpenApiDocument>(document: T): T {
  document.servers ??= [{ url: '/', description: 'This server (every path starts with /api)' }];
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, [API_ERROR_SCHEMA_NAME]: API_ERROR_SCHEMA };
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      let id = operation.operationId ?? operationIdFor(method, path);
      for (let n = 2; usedIds.has(id); n += 1) id = `${operationIdFor(method, path)}${n}`;
      usedIds.add(id);
      operation.operationId = id;
      // No security named by the route: a public call (the only scheme is the Bearer token).
      operation.security ??= [];
      describePasswordEncoding(operation);
      describeResponses(operation);
    }
  }
  dropUnusedSchemas(document);
  return document;
}

/** The generator also emits the input variant of every named schema; only referenced ones stay. */
function dropUnusedSchemas(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const text = JSON.stringify(document);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
}
