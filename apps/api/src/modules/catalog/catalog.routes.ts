import {
  ApiErrorSchema,
  BlockRequestSchema,
  BookingSettingsRequestSchema,
  BookingSettingsResponseSchema,
  CatalogItemParamsSchema,
  CatalogQuerySchema,
  MemberBlockResultSchema,
  MemberBlocksResponseSchema,
  MemberRequestSchema,
  MemberResultSchema,
  ServiceOrderRequestSchema,
  ServiceRequestSchema,
  ServiceResultSchema,
  ServicesResponseSchema,
  type SlotStep,
  TeamResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogService } from './catalog.service';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

const OWN =
  'Business and Admin only (403 for customers); a service or member of another business is 404. One change at a time per business (under its lock).';

/**
 * A shop's services and team (api-contract §9.3), registered at /api: the public menu and team
 * (/booking/services, /booking/team), the business's own changes (/user/services, /user/team) and
 * how far apart its starts are (/user/booking-settings).
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const businessOnly = [app.authenticate, app.requireRole('Business', 'Admin')];
  const ownId = (request: { requireUser(): { id: string } }) => request.requireUser().id;

  app.get(
    '/booking/services',
    {
      schema: {
        tags: ['services'],
        summary: 'A business’s services, in its order (public)',
        description: '404 for an id that is not a listed business.',
        querystring: CatalogQuerySchema,
        response: { 200: ServicesResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => ({ services: await catalog.publicServices(String(request.query.businessId)) }),
  );

  app.get(
    '/booking/team',
    {
      schema: {
        tags: ['services'],
        summary: 'A business’s team and the services each does (public)',
        description: '404 for an id that is not a listed business.',
        querystring: CatalogQuerySchema,
        response: { 200: TeamResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => ({ team: await catalog.publicTeam(String(request.query.businessId)) }),
  );

  app.get(
    '/user/services',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'The business’s own services, in its order',
        description: OWN,
        security: [{ bearerAuth: [] }],
        response: { 200: ServicesResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ services: await catalog.services(ownId(request)) }),
  );

  app.post(
    '/user/services',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Add a service (name, 15–240 minutes in steps of 15, minimum price, description)',
        description: `The new service is done by every team member who did every service before it. At most 50. ${OWN}`,
        security: [{ bearerAuth: [] }],
        body: ServiceRequestSchema,
        response: { 201: ServiceResultSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request, reply) => {
      const service = await catalog.addService(ownId(request), request.body);
      return reply.code(201).send({ service });
    },
  );

  app.put(
    '/user/services/order',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Put the services in a new order',
        description: `serviceIds: every service of the business once (400 otherwise). ${OWN}`,
        security: [{ bearerAuth: [] }],
        body: ServiceOrderRequestSchema,
        response: { 200: ServicesResponseSchema, ...bodyErrors(403) },
      },
    },
    async (request) => ({
      services: await catalog.reorderServices(ownId(request), request.body.serviceIds.map(String)),
    }),
  );

  app.put(
    '/user/services/:id',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Change a service',
        description: OWN,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        body: ServiceRequestSchema,
        response: { 200: ServiceResultSchema, ...bodyErrors(403, 404) },
      },
    },
    async (request) => ({
      service: await catalog.updateService(ownId(request), String(request.params.id), request.body),
    }),
  );

  app.delete(
    '/user/services/:id',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Remove a service',
        description: `409 LastService for the business’s only service. ${OWN}`,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        response: { 204: z.undefined(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await catalog.removeService(ownId(request), String(request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/team',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'The business’s own team, in its order',
        description: OWN,
        security: [{ bearerAuth: [] }],
        response: { 200: TeamResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ team: await catalog.team(ownId(request)) }),
  );

  app.post(
    '/user/team',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Add a team member (name, the services they do, their own weekly hours or none)',
        description: `availability absent or null: the business’s weekly hours. At most 30. ${OWN}`,
        security: [{ bearerAuth: [] }],
        body: MemberRequestSchema,
        response: { 201: MemberResultSchema, ...bodyErrors(403, 409) },
      },
    },
    async (request, reply) => {
      const member = await catalog.addMember(ownId(request), {
        ...request.body,
        serviceIds: request.body.serviceIds.map(String),
      });
      return reply.code(201).send({ member });
    },
  );

  app.put(
    '/user/team/:id',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Change a team member',
        description: `The whole member: name, services, own weekly hours (null: the business’s) and own away periods (none when left out). 409 MemberHasBookings when their agreed bookings to come would fall outside the new hours or on a new day away. ${OWN}`,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        body: MemberRequestSchema,
        response: { 200: MemberResultSchema, ...bodyErrors(403, 404, 409) },
      },
    },
    async (request) => ({
      member: await catalog.updateMember(ownId(request), String(request.params.id), {
        ...request.body,
        serviceIds: request.body.serviceIds.map(String),
      }),
    }),
  );

  app.delete(
    '/user/team/:id',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Remove a team member',
        description: `409 LastMember for the business’s only member. ${OWN}`,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        response: { 204: z.undefined(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await catalog.removeMember(ownId(request), String(request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/blocks',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'The time blocked on the team’s diaries from today on, earliest first',
        description: OWN,
        security: [{ bearerAuth: [] }],
        response: { 200: MemberBlocksResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ blocks: await catalog.blocks(ownId(request)) }),
  );

  app.post(
    '/user/blocks',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Block time on one team member’s diary (lunch, a course)',
        description: `Ahead and within a year (else 400); 409 SlotTaken when the member has an agreed booking in it. No request or approval may use the time while it is blocked. ${OWN}`,
        security: [{ bearerAuth: [] }],
        body: BlockRequestSchema,
        response: { 201: MemberBlockResultSchema, ...bodyErrors(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const block = await catalog.addBlock(ownId(request), {
        ...request.body,
        memberId: String(request.body.memberId),
      });
      return reply.code(201).send({ block });
    },
  );

  app.delete(
    '/user/blocks/:id',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Free blocked time again',
        description: OWN,
        security: [{ bearerAuth: [] }],
        params: CatalogItemParamsSchema,
        response: { 204: z.undefined(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await catalog.removeBlock(ownId(request), String(request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/booking-settings',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'How far apart the business’s offered starts are',
        security: [{ bearerAuth: [] }],
        response: { 200: BookingSettingsResponseSchema, ...errors(401, 403) },
      },
    },
    async (request) => catalog.bookingSettings(ownId(request)),
  );

  app.put(
    '/user/booking-settings',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['services'],
        summary: 'Offer starts every 15, 30 or 60 minutes',
        security: [{ bearerAuth: [] }],
        body: BookingSettingsRequestSchema,
        response: { 200: BookingSettingsResponseSchema, ...bodyErrors(403) },
      },
    },
    async (request) =>
      catalog.updateBookingSettings(ownId(request), request.body.slotStepMinutes as SlotStep),
  );
};
