import {
  ApiErrorSchema,
  MarkThreadReadRequestSchema,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_WINDOW,
  MESSAGES_WINDOW_MINUTES,
  PostMessageRequestSchema,
  THREAD_OPEN_DAYS,
  THREAD_PAGE_SIZE,
  ThreadMessageSchema,
  ThreadQuerySchema,
  ThreadResponseSchema,
  UnreadResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ThreadsService } from './threads.service';

export interface ThreadsRoutesOptions {
  threads: ThreadsService;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

const PARTIES_NOTE =
  'Only the booking’s customer and its business: 404 for anyone else, as for an unknown booking.';

/** /api/booking/messages and /api/booking/unread: a booking's thread (api-contract §8.8). */
export const threadsRoutes: FastifyPluginAsyncZod<ThreadsRoutesOptions> = async (app, { threads }) => {
  app.get(
    '/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'A booking’s thread: its messages and status changes, oldest first',
        description: `${PARTIES_NOTE} At most ${THREAD_PAGE_SIZE} lines after \`after\` (a message id of this thread; 400 for any other), from the first without it; ask again from the last line for more. Status changes come as lines \`from: "system"\` with their text (and price). \`open\` is false once the thread has closed: ${THREAD_OPEN_DAYS} days after the appointment’s hour, or after it was denied, declined or cancelled.`,
        security: [{ bearerAuth: [] }],
        querystring: ThreadQuerySchema,
        response: { 200: ThreadResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => threads.thread(request.requireUser().id, request.query),
  );

  app.post(
    '/messages',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Write a message in a booking’s thread (its customer or its business)',
        description: `${PARTIES_NOTE} The body is plain text, 1–${MESSAGE_MAX_LENGTH} characters after trimming, kept as typed (never HTML). 409 ThreadClosed once the thread has closed; 429 after ${MESSAGES_PER_WINDOW} messages of the account in ${MESSAGES_WINDOW_MINUTES} minutes. Both parties’ live streams (GET /api/events) get it as a \`message\` event.`,
        security: [{ bearerAuth: [] }],
        body: PostMessageRequestSchema,
        response: { 201: ThreadMessageSchema, ...bodyErrors(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const message = await threads.post(request.requireUser().id, request.body);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/messages/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Mark a booking’s thread read up to a message (its customer or its business)',
        description: `${PARTIES_NOTE} Every line up to and including \`upTo\` (a message id of this thread; 400 for any other) is read by the caller; the read position never moves back, so an older \`upTo\` changes nothing.`,
        security: [{ bearerAuth: [] }],
        body: MarkThreadReadRequestSchema,
        response: { 204: z.undefined(), ...bodyErrors(404) },
      },
    },
    async (request, reply) => {
      await threads.markRead(request.requireUser().id, request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/unread',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'The caller’s unread messages: their total and the count per booking',
        description:
          'Counts the other party’s messages after the caller’s read position in each of the caller’s threads (not status changes, not the caller’s own); bookings with none are left out of byBooking.',
        security: [{ bearerAuth: [] }],
        response: { 200: UnreadResponseSchema, ...errors(401) },
      },
    },
    async (request) => threads.unread(request.requireUser().id),
  );
};
