import { OUTBOX_STATUSES, type OutboxMessage, OutboxMessageSchema } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { OutboxRow } from '../../repositories/outbox.repository';
import { renderOutboxPage } from './outbox.page';
import type { Outbox } from './outbox.service';

const OutboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
});

const LIMIT = 200;

const attachmentNames = (json: string | null): string[] =>
  json ? (JSON.parse(json) as { filename: string }[]).map((a) => a.filename) : [];

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  messageId: row.message_id,
  kind: row.kind,
  status: row.status,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  htmlUrl: row.html === null ? null : `/dev/outbox/${encodeURIComponent(row.id)}/html`,
  attachments: attachmentNames(row.attachments),
  attempts: row.attempts,
  lastError: row.last_error,
  notBefore: row.not_before,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

/**
 * The outbox page and its JSON: every email written, its state and tries. Registered at the root
 * (it has an /api and a /dev path); when `enabled` is false (production) both answer 404: there the
 * CLI (`npm run mail`) lists and retries failed mail.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: Outbox; enabled: boolean }> = async (
  app,
  { outbox, enabled },
) => {
  const list = async (query: z.infer<typeof OutboxQuerySchema>) => {
    if (!enabled) throw new AppError('NotFound', 'Not found.');
    return (await outbox.list({ to: query.to || undefined, status: query.status, limit: LIMIT })).map(
      toMessage,
    );
  };

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: !enabled,
        tags: ['development'],
        summary: 'Every email written, newest first, with its delivery state (404 in production)',
        querystring: OutboxQuerySchema,
        response: { 200: z.object({ messages: z.array(OutboxMessageSchema) }) },
      },
    },
    async (request) => ({ messages: await list(request.query) }),
  );

  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuerySchema } },
    async (request, reply) => {
      const messages = await list(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(messages, request.query.to));
    },
  );

  // An email's HTML part as a mail client would show it (its own document; inline styles only).
  app.get(
    '/dev/outbox/:id/html',
    { schema: { hide: true, params: z.object({ id: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      if (!enabled) throw new AppError('NotFound', 'Not found.');
      const message = await outbox.find(request.params.id);
      if (!message?.html) throw new AppError('NotFound', 'Not found.');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(message.html);
    },
  );
};
