import {
  ApiErrorSchema,
  CatalogItemParamsSchema,
  WaitlistEntryResultSchema,
  WaitlistRequestSchema,
  WaitlistResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Waitlist } from './waitlist.service';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

const OWN = 'A customer’s own: another’s entry is 404; a business gets 403.';

/** /api/booking/waitlist (api-contract §9.4). */
export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: Waitlist }> = async (app, { waitlist }) => {
  const customerOnly = [app.authenticate, app.requireRole('User')];
  const customerId = (request: { requireUser(): { id: string } }) => request.requireUser().id;

  app.get(
    '/waitlist',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['booking'],
        summary: 'The days I wait for a time',
        description: `Open entries (today on), soonest day first. ${OWN}`,
        security: [{ bearerAuth: [] }],
        response: { 200: WaitlistResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ entries: await waitlist.entries(customerId(request)) }),
  );

  app.post(
    '/waitlist',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['booking'],
        summary: 'Tell me if a time opens at a business on a day',
        description: `A day of the booking window, full or not; three open entries at most (409), one per business and day (409). When an agreed time there that day is freed, an email within 2 minutes, once per opening; the entry ends when I ask for a time there that day, or the day passes. ${OWN}`,
        security: [{ bearerAuth: [] }],
        body: WaitlistRequestSchema,
        response: { 201: WaitlistEntryResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await waitlist.join(customerId(request), {
        businessId: String(request.body.businessId),
        date: request.body.date,
      });
      return reply.code(201).send({ entry });
    },
  );

  app.delete(
    '/waitlist/:id',
    {
      onRequest: customerOnly,
      schema: {
        tags: ['booking'],
        summary: 'Stop waiting for a day',
        description: OWN,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        response: { 204: z.undefined(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await waitlist.leave(customerId(request), String(request.params.id));
      return reply.code(204).send();
    },
  );
};
