import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { renderOutboxPage } from './outbox.page';
import type { OutboxRepository, OutboxRow } from './outbox.repository';

export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

const OutboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
});

const LIMIT = 200;

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  createdAt: row.created_at,
});

/**
 * The development outbox: what the server would have emailed. Registered at the root (it has an
 * /api and a /dev path); when `enabled` is false (production, or SMTP_URL set) both answer 404.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxRepository; enabled: boolean }> = async (
  app,
  { outbox, enabled },
) => {
  const list = async (to: string | undefined) => {
    if (!enabled) throw new AppError('NotFound', 'Not found.');
    return (await outbox.list({ to: to || undefined, limit: LIMIT })).map(toMessage);
  };

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: !enabled,
        tags: ['development'],
        summary: 'Emails kept by the development outbox, newest first (404 in production or with SMTP_URL)',
        querystring: OutboxQuerySchema,
        response: { 200: z.object({ messages: z.array(OutboxMessageSchema) }) },
      },
    },
    async (request) => ({ messages: await list(request.query.to) }),
  );

  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuerySchema } },
    async (request, reply) => {
      const messages = await list(request.query.to);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(messages, request.query.to));
    },
  );
};
