import { ApiErrorSchema } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessTokens } from '../../lib/access-tokens';
import { notAuthorized } from '../../lib/errors';
import type { EventStreams } from './event-streams';

export interface EventsRoutesOptions {
  streams: EventStreams;
  /** The session check every other call makes (plugins/auth): re-run on each heartbeat. */
  authenticate(accessToken: string): Promise<{ id: string } | null>;
  /** To read when the caller's access token expires (the auth hook has already checked it). */
  accessTokens: AccessTokens;
}

const STREAM_NOTE = [
  '`text/event-stream` (server-sent events), uncompressed, sent as they happen, on whichever instance the other party used. First `retry: 3000`, then for each of the caller’s bookings:',
  '',
  '- `event: message`, `id:` the line’s id, `data:` the message object with its booking, `{ id, from, body, createdAt, bookingId }`: a new line of one of the caller’s threads (their own too, from another tab or device; status changes as `from: "system"`). Rarely (a line too large to relay between instances) `data` is `{ bookingId, messageId }` only: fetch the thread.',
  '- `event: booking`, `id:` a unique id, `data:` `{ bookingId, status }`: one of the caller’s bookings changed status.',
  '',
  'A comment line (`: keep-alive`) every 20 s. The stream ends when the access token expires (reconnect with a fresh one), when the account opens more than 10 streams (the oldest ends), and when the server shuts down. Events are not replayed: after a reconnect, ask GET /booking/messages with `after` for what was missed.',
].join('\n');

// RFC 9110 §11.1: the scheme name is case-insensitive (as in plugins/auth.ts).
const BEARER = /^Bearer (\S+)$/i;

/** When the request's access token expires, or null if it no longer verifies. */
function tokenExpiry(request: FastifyRequest, accessTokens: AccessTokens): Date | null {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const claims = token === undefined ? null : accessTokens.verify(token);
  return claims ? new Date(claims.exp * 1000) : null;
}

/** GET /api/events: the caller's live events (api-contract §8.8, §8.9). */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { streams, accessTokens, authenticate },
) => {
  app.get(
    '/events',
    {
      onRequest: [app.authenticate],
      // A HEAD would open a stream that sends nothing.
      exposeHeadRoute: false,
      schema: {
        tags: ['booking'],
        summary: 'The caller’s live events: new thread lines and status changes (server-sent events)',
        description: STREAM_NOTE,
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            description: 'The event stream; it stays open.',
            content: { 'text/event-stream': { schema: z.string().describe('Server-sent events') } },
          },
          401: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.requireUser();
      const expiresAt = tokenExpiry(request, accessTokens);
      if (!expiresAt) throw notAuthorized();
      // The stream is written straight to the socket: Fastify sends nothing more for this request.
      reply.hijack();
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? '';
      streams.open(user.id, reply.raw, expiresAt, async () => (await authenticate(token))?.id === user.id);
    },
  );
};
