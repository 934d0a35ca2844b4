import {
  type AllBookingsQuery,
  AllBookingsQuerySchema,
  AllBookingsResponseSchema,
  ApiErrorSchema,
  AttendanceRequestSchema,
  AvailableTimesQuerySchema,
  AvailableTimesResponseSchema,
  BookingResultSchema,
  BookingSchema,
  CancelBookingRequestSchema,
  CounterRequestSchema,
  CreateBookingRequestSchema,
  MoveProposalResultSchema,
  MoveTimesQuerySchema,
  MoveTimesSchema,
  RescheduleAnswerSchema,
  RescheduleRequestSchema,
  RespondToCounterRequestSchema,
  SetStatusRequestSchema,
  UserBookingsResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHED_READ_CONFIG, sendCached, serializeWith } from '../../lib/http-cache';
import type { ReadCache } from '../../lib/read-cache';
import type { VersionedCache } from '../../lib/versioned-cache';
import { BOOKING_MESSAGES } from './bookings.messages';
import type { BookingsService } from './bookings.service';

export interface BookingsRoutesOptions {
  bookings: BookingsService;
  /** The public reads' micro-cache (docs/decisions/0006-read-caching.md). */
  readCache: ReadCache;
  /** Each business's getallbookings answers, kept while its bookings version holds (decision 12). */
  businessBookingsCache: VersionedCache;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

const CACHED_NOTE =
  'Served from a per-instance cache of at most a couple of seconds, emptied by every write this instance handles. Sends an ETag (If-None-Match → 304) and gzip when Accept-Encoding allows it.';

const TRANSITION_NOTE =
  '404 when the caller is not the booking’s business or customer, or businessId does not match; 409 InvalidTransition for a change the transition table does not allow; 409 SlotTaken when no team member who does the service is free for its whole length (an approval may name one: memberId; 400 when they do not do it).';

/** One business's one getallbookings question, whatever order its parameters came in. */
const businessBookingsKey = (businessId: string, query: AllBookingsQuery) =>
  [
    businessId,
    query.from ?? '',
    query.to ?? '',
    query.status?.join(',') ?? '',
    query.limit,
    query.cursor ?? '',
  ].join('|');

/**
 * GET /available-times's answer for a business, serialized, through the read cache: the booking
 * page's shell (app.ts, plugins/booking-page-shell.ts) reads the business from the same entry, so
 * the page's own request that follows is served from it.
 */
export const availableTimesBody = (
  readCache: ReadCache,
  bookings: BookingsService,
  businessId: string,
  serviceId?: string,
  memberId?: string,
) =>
  readCache.get(`available-times:${businessId}:${serviceId ?? ''}:${memberId ?? ''}`, async () =>
    serializeWith(
      AvailableTimesResponseSchema,
      await bookings.requests.availableTimes(businessId, serviceId, memberId),
    ),
  );

/** /api/booking/* (api-contract §4). */
export const bookingsRoutes: FastifyPluginAsyncZod<BookingsRoutesOptions> = async (
  app,
  { bookings, readCache, businessBookingsCache },
) => {
  app.get(
    '/available-times',
    {
      config: CACHED_READ_CONFIG,
      schema: {
        tags: ['booking'],
        summary: 'A business, its hours and away dates, and its bookable slots (today through 4 weeks)',
        description: `The starts long enough for serviceId's duration (default the first service) with memberId free for all of it inside their hours (default any member who does the service), at the business's slotStepMinutes. 400 for a service or member the business does not have. Unlisted businesses (the command-line Admin) are not bookable: 404. ${CACHED_NOTE}`,
        querystring: AvailableTimesQuerySchema,
        response: { 200: AvailableTimesResponseSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { businessId, serviceId, memberId } = request.query;
      return sendCached(
        request,
        reply,
        await availableTimesBody(
          readCache,
          bookings,
          String(businessId),
          serviceId === undefined ? undefined : String(serviceId),
          memberId === undefined ? undefined : String(memberId),
        ),
      );
    },
  );

  app.post(
    '/book',
    {
      onRequest: [app.authenticate, app.requireRole('User')],
      schema: {
        tags: ['booking'],
        summary: 'Request one of the business’s slots at a price (customers only)',
        description:
          '400 when the time is not a slot, the price is below the minimum or not whole, or a home visit is not offered or has no address; 409 DuplicateRequest / SlotTaken.',
        security: [{ bearerAuth: [] }],
        body: CreateBookingRequestSchema,
        response: { 201: BookingResultSchema, ...bodyErrors(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await bookings.requests.book(request.requireUser().id, request.body);
      return reply.code(201).send({ message: BOOKING_MESSAGES.requested, booking });
    },
  );

  app.get(
    '/userbookings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'The caller’s bookings as a customer',
        security: [{ bearerAuth: [] }],
        response: { 200: UserBookingsResponseSchema, ...errors(401) },
      },
    },
    async (request) => bookings.reads.listForCustomer(request.requireUser().id),
  );

  app.get(
    '/getallbookings',
    {
      onRequest: [app.authenticate, app.requireRole('Business', 'Admin')],
      schema: {
        tags: ['booking'],
        summary: 'The caller’s business’s bookings, a page at a time (Business and Admin)',
        description:
          'Newest first; by BookingDateTime (earliest first) when from or to is given. Filters: from and to (inclusive days of BookingDateTime), status (comma-separated). Pages: limit (1–1000, default 1000) and cursor (the previous page’s nextCursor, with the same from, to and status; 400 otherwise). Sends an ETag (If-None-Match → 304) and gzip when Accept-Encoding allows it; a write to any of the business’s bookings, through any instance, changes the answer at once.',
        security: [{ bearerAuth: [] }],
        querystring: AllBookingsQuerySchema,
        response: { 200: AllBookingsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { id: businessId, bookingsVersion: version } = request.requireUser();
      const { query } = request;
      // The version first (decision 12), read with the session: an answer computed while a write
      // commits is kept under the older version, so the next read computes again.
      const load = async () =>
        serializeWith(AllBookingsResponseSchema, await bookings.reads.listForBusiness(businessId, query));
      const { body, kept } = await businessBookingsCache.lookup(
        businessBookingsKey(businessId, query),
        version,
        load,
      );
      // Gzip only what is served again: the first read has just paid for the rows (a 1,000-booking
      // answer takes longer to gzip than to read), and the copy is kept for the next.
      return sendCached(request, reply, body, { compress: kept });
    },
  );

  app.patch(
    '/setstatus',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary:
          'Approve or deny a Requested booking (the business); cancel a Requested, Approved or Confirmed one (the customer)',
        description: `${TRANSITION_NOTE} An Approved or Confirmed booking can be cancelled only until the business’s cancellationNoticeHours before it starts: later, 409 TooLateToCancel.`,
        security: [{ bearerAuth: [] }],
        body: SetStatusRequestSchema,
        response: { 200: BookingResultSchema, ...bodyErrors(404, 409) },
      },
    },
    async (request) => {
      const booking = await bookings.transitions.setStatus(request.requireUser().id, request.body);
      return { message: BOOKING_MESSAGES.statusUpdated(booking.Status), booking };
    },
  );

  app.patch(
    '/counter',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Counter a Requested booking with a price, £1–£300 (the business)',
        description: TRANSITION_NOTE,
        security: [{ bearerAuth: [] }],
        body: CounterRequestSchema,
        response: { 200: BookingResultSchema, ...bodyErrors(404, 409) },
      },
    },
    async (request) => {
      const booking = await bookings.transitions.counter(request.requireUser().id, request.body);
      return { message: BOOKING_MESSAGES.countered, booking };
    },
  );

  app.patch(
    '/respond-to-counter',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Accept (→ Confirmed) or decline (→ Declined) a counter offer (the customer)',
        description: TRANSITION_NOTE,
        security: [{ bearerAuth: [] }],
        body: RespondToCounterRequestSchema,
        response: { 200: BookingResultSchema, ...bodyErrors(404, 409) },
      },
    },
    async (request) => {
      const booking = await bookings.transitions.respondToCounter(request.requireUser().id, request.body);
      return { message: BOOKING_MESSAGES.statusUpdated(booking.Status), booking };
    },
  );

  app.patch(
    '/cancel',
    {
      onRequest: [app.authenticate, app.requireRole('Business', 'Admin')],
      schema: {
        tags: ['booking'],
        summary: 'Cancel an Approved or Confirmed booking before it starts, with a reason (the business)',
        description: `The reason (required, at most 200 characters) is shown to the customer and emailed to them; the hour is bookable again at once. 403 for customers. ${TRANSITION_NOTE} 409 InvalidTransition once the booking has started.`,
        security: [{ bearerAuth: [] }],
        body: CancelBookingRequestSchema,
        response: { 200: BookingResultSchema, ...bodyErrors(403, 404, 409) },
      },
    },
    async (request) => {
      const booking = await bookings.transitions.cancelByBusiness(request.requireUser().id, request.body);
      return { message: BOOKING_MESSAGES.statusUpdated(booking.Status), booking };
    },
  );

  app.post(
    '/reschedule',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Propose a new time for an agreed booking (either party)',
        description:
          'The booking must be Approved or Confirmed and not started (409 InvalidTransition); the new start must be one a request for its service and member could take now (400); the customer only until the business’s notice (409 TooLateToReschedule); one open proposal per booking (409 ProposalOpen); anyone but its parties gets 404. The other party answers with PATCH.',
        security: [{ bearerAuth: [] }],
        body: RescheduleRequestSchema,
        response: { 201: MoveProposalResultSchema, ...bodyErrors(404, 409) },
      },
    },
    async (request, reply) => {
      const proposal = await bookings.moves.propose(request.requireUser().id, {
        bookingId: String(request.body.bookingId),
        bookingDateTime: request.body.bookingDateTime,
      });
      return reply.code(201).send({ proposal });
    },
  );

  app.get(
    '/reschedule/times',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'The starts an agreed booking could move to now (either party)',
        description:
          'For the booking’s service and member (anyone who does the service, for a booking of none), as available-times offers a new request but with the booking’s own time not counted as taken, so a start overlapping it is offered when nothing else holds it; its own start is left out. Anyone but its parties gets 404.',
        security: [{ bearerAuth: [] }],
        querystring: MoveTimesQuerySchema,
        response: { 200: MoveTimesSchema, ...bodyErrors(404) },
      },
    },
    async (request) => bookings.moves.times(request.requireUser().id, String(request.query.bookingId)),
  );

  app.patch(
    '/reschedule',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Accept or decline a proposed new time (the other party)',
        description:
          'Accepted moves the same booking (id, price, payment, thread and calendar UID stay; RescheduledFrom says the old start; reminders follow) or answers 409 SlotTaken when the time went meanwhile, the booking keeping its time; Declined leaves it as it was. The proposer answering its own proposal: 409 InvalidTransition; a proposal no longer open: 404 or 409.',
        security: [{ bearerAuth: [] }],
        body: RescheduleAnswerSchema,
        response: { 200: z.object({ booking: BookingSchema }), ...bodyErrors(404, 409) },
      },
    },
    async (request) => ({
      booking: await bookings.moves.answer(request.requireUser().id, {
        proposalId: String(request.body.proposalId),
        response: request.body.response,
      }),
    }),
  );

  app.patch(
    '/attendance',
    {
      onRequest: [app.authenticate, app.requireRole('Business', 'Admin')],
      schema: {
        tags: ['booking'],
        summary: 'Say whether the customer came to an agreed appointment, once it has started (the business)',
        description:
          'attendance Attended or NoShow. NoShow keeps what was paid (PaymentStatus Kept); Attended after NoShow gives it back its Paid. 403 for customers; 404 when the caller is not the booking’s business; 409 InvalidTransition unless the booking is Approved or Confirmed and has started.',
        security: [{ bearerAuth: [] }],
        body: AttendanceRequestSchema,
        response: { 200: BookingResultSchema, ...bodyErrors(403, 404, 409) },
      },
    },
    async (request) => {
      const booking = await bookings.attendance.mark(request.requireUser().id, request.body);
      return { message: BOOKING_MESSAGES.attendanceMarked, booking };
    },
  );
};
