import { ApiErrorSchema, CalendarFeedResponseSchema } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CalendarService } from './calendar.service';

export interface CalendarRoutesOptions {
  calendar: CalendarService;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

const FEED_NOTE =
  'The URL holds the only credential: only its hash is stored. Each call makes a new URL and the previous one answers 404 from then on.';

/**
 * The calendar feed (api-contract §8.5, §8.9), under /api: the business manages its secret URL at
 * /user/calendar-feed, and calendar apps fetch /calendar/{token}.ics without any other credential.
 */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, { calendar }) => {
  const businessOnly = [app.authenticate, app.requireRole('Business', 'Admin')];

  app.post(
    '/user/calendar-feed',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'A new secret calendar feed URL for the business (Business and Admin)',
        description: FEED_NOTE,
        security: [{ bearerAuth: [] }],
        response: { 200: CalendarFeedResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => calendar.createFeed(request.requireUser().id),
  );

  app.delete(
    '/user/calendar-feed',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Revoke the calendar feed URL (Business and Admin)',
        description: 'The URL answers 404 from then on. 204 whether or not there was one.',
        security: [{ bearerAuth: [] }],
        response: { 204: z.undefined(), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      await calendar.revokeFeed(request.requireUser().id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['user'],
        summary: 'The business’s calendar feed, text/calendar (the secret URL is the credential)',
        description:
          "`{token}.ics` from POST /user/calendar-feed. One VCALENDAR (METHOD:PUBLISH) with the business's Approved and Confirmed bookings from 30 days ago on, and the agreed bookings cancelled in the last 30 days as STATUS:CANCELLED (SEQUENCE 1); UIDs as in the booking emails. An unknown, revoked or malformed token: 404, the same answer as a path that does not exist.",
        security: [],
        params: z.object({ file: z.string() }),
        response: { 200: z.string().describe('The feed, text/calendar; charset=utf-8'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const feed = match ? await calendar.feed(match[1] as string) : null;
      if (feed === null) return reply.callNotFound();
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="trimtime.ics"')
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(feed);
    },
  );
};
