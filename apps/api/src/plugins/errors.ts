import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitError } from '../lib/errors';

interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

const ROOT_MESSAGES: Record<string, string> = {
  body: 'Request body must be a JSON object',
  querystring: 'Invalid query string',
  params: 'Invalid path parameters',
  headers: 'Invalid headers',
};

/** First message per field (`errors`), and the first field's message as `message`. */
function validationBody(error: FastifyError): ErrorBody {
  const context = error.validationContext ?? 'body';
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    errors[field || context] ??= field
      ? (issue.message ?? 'Invalid value')
      : (ROOT_MESSAGES[context] ?? 'Invalid input');
  }
  const first = Object.values(errors)[0] ?? 'Invalid input';
  return { message: first, code: 'ValidationError', errors };
}

const CLIENT_ERRORS: Record<number, ErrorBody> = {
  413: { message: 'Request body is too large (the limit is 100 KiB).', code: 'PayloadTooLarge' },
  415: { message: 'Content-Type must be application/json.', code: 'UnsupportedMediaType' },
};

/** Fastify's own 4xx (body parsing, content type, size) in the contract's shape. */
function frameworkClientError(error: FastifyError, status: number): ErrorBody {
  const known = CLIENT_ERRORS[status];
  if (known) return known;
  if (status === 400) {
    const isJson = error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_');
    return { message: isJson ? 'Request body is not valid JSON.' : 'Bad request.', code: 'BadRequest' };
  }
  if (status === 404) return { message: 'Not found.', code: 'NotFound' };
  return { message: 'Request not accepted.', code: 'BadRequest' };
}

/** The one place errors become HTTP responses: `{ message, code, errors? }`, never stacks or SQL. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(validationBody(error));
  if (error instanceof AppError) {
    if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    // RFC 9110 §15.5.2: a 401 names the scheme that would work (api-contract §8.2).
    if (error.status === 401) reply.header('www-authenticate', 'Bearer');
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.errors) body.errors = error.errors;
    return reply.code(error.status).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.code(status).send(frameworkClientError(error, status));
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Something went wrong. Please try again.', code: 'InternalError' });
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);
