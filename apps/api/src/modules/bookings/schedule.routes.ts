import {
  AgreedBookingsCheckResponseSchema,
  ApiErrorSchema,
  AvailabilityCheckRequestSchema,
  AvailabilityRequestSchema,
  AwayDatesCheckRequestSchema,
  AwayDatesRequestSchema,
  BookingResultSchema,
  UserProfileSchema,
  WalkInRequestSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsersService } from '../users/users.service';
import type { BookingsService } from './bookings.service';

export interface ScheduleRoutesOptions {
  bookings: BookingsService;
  users: UsersService;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

const AGREED_NOTE =
  'When the change leaves agreed bookings (Approved or Confirmed, not started) outside the hours or on an away day, agreedBookings must name each of them (as the check lists them) and say keep (they stay agreed) or cancel (each is cancelled by the business with the reason, and its customer emailed), else 409 AgreedBookingsChanged and nothing changes. A booking kept through an earlier change is not listed again.';

/**
 * The business's weekly hours and away dates (/api/user/*, api-contract §3), with the agreed
 * bookings a change falls on (issue 29): each change has a check that lists them.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRoutesOptions> = async (
  app,
  { bookings, users },
) => {
  const businessOnly = [app.authenticate, app.requireRole('Business', 'Admin')];

  app.post(
    '/walk-ins',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Book a walk-in or phone customer without an account into a barber’s diary, agreed at once',
        description:
          'serviceId absent: the first service; memberId absent: the first member who does it and is free for its whole length. From today, within a year (else 400); 409 SlotTaken when the member (or everyone) is busy then. No emails: the booking has no customer account.',
        security: [{ bearerAuth: [] }],
        body: WalkInRequestSchema,
        response: { 201: BookingResultSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request, reply) => {
      const { serviceId, memberId, ...rest } = request.body;
      const booking = await bookings.walkIns.book(request.requireUser().id, {
        ...rest,
        ...(serviceId === undefined ? {} : { serviceId: String(serviceId) }),
        ...(memberId === undefined ? {} : { memberId: String(memberId) }),
      });
      return reply.code(201).send({ message: 'Walk-in booked', booking });
    },
  );

  app.put(
    '/availability',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Weekly hours (Business and Admin); ranges as "HH:MM-HH:MM" or {start, end}',
        description: AGREED_NOTE,
        security: [{ bearerAuth: [] }],
        body: AvailabilityRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request) => {
      const { id } = request.requireUser();
      const { availability, agreedBookings } = request.body;
      await bookings.schedule.change(id, { availability }, agreedBookings);
      return users.getProfile(id);
    },
  );

  app.post(
    '/availability/check',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary:
          'The agreed bookings these weekly hours would leave out (Business and Admin); changes nothing',
        security: [{ bearerAuth: [] }],
        body: AvailabilityCheckRequestSchema,
        response: { 200: AgreedBookingsCheckResponseSchema, ...bodyErrors(403) },
      },
    },
    async (request) => ({
      bookings: await bookings.schedule.check(request.requireUser().id, {
        availability: request.body.availability,
      }),
    }),
  );

  app.put(
    '/away-dates',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Replace the list of away periods (Business and Admin)',
        description: `Entries with an id the server has keep their id and createdAt; others get a new id, createdAt and status "active". ${AGREED_NOTE}`,
        security: [{ bearerAuth: [] }],
        body: AwayDatesRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request) => {
      const { id } = request.requireUser();
      const { awayDates, agreedBookings } = request.body;
      await bookings.schedule.change(id, { awayDates }, agreedBookings);
      return users.getProfile(id);
    },
  );

  app.post(
    '/away-dates/check',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary:
          'The agreed bookings this list of away periods would fall on (Business and Admin); changes nothing',
        security: [{ bearerAuth: [] }],
        body: AwayDatesCheckRequestSchema,
        response: { 200: AgreedBookingsCheckResponseSchema, ...bodyErrors(403) },
      },
    },
    async (request) => ({
      bookings: await bookings.schedule.check(request.requireUser().id, {
        awayDates: request.body.awayDates,
      }),
    }),
  );
};
