import { ApiErrorSchema } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserProfileSchema } from './users.schemas';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  app.get(
    '/userdetails',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in account, with business fields for Business and Admin',
        security: [{ bearerAuth: [] }],
        response: { 200: UserProfileSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => users.getProfile(request.requireUser().id),
  );
};
