import { MESSAGES, type UserType } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notAuthorized } from '../lib/errors';

export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
  /**
   * The account's bookings version (decision 12), read with the session in the same query: a
   * business's kept lists need no round trip of their own to know whether they are current.
   */
  bookingsVersion: number;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: a valid `Authorization: Bearer <accessToken>` or 401. Sets `request.user`. */
    authenticate: Guard;
    /** Route hook after `authenticate`: 403 unless the user has one of the roles. */
    requireRole(...roles: UserType[]): Guard;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The authenticated user; throws 401 on routes without `authenticate`. */
    requireUser(): AuthUser;
  }
}

/** What the plugin needs from the auth module (AuthService). */
export interface Authenticator {
  /** The user a bearer access token stands for, or null when it does not stand for a live session. */
  authenticate(accessToken: string): Promise<AuthUser | null>;
}

export interface AuthPluginOptions {
  auth: Authenticator;
}

// RFC 9110 §11.1: the scheme name is case-insensitive.
const BEARER = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/i;

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { auth }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (!this.user) throw notAuthorized();
      return this.user;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const user = match ? await auth.authenticate(match[1] as string) : null;
      if (!user) throw notAuthorized();
      request.user = user;
    });

    app.decorate('requireRole', (...roles: UserType[]) => async (request: FastifyRequest) => {
      const user = request.requireUser();
      if (!roles.includes(user.userType)) {
        throw new AppError('Forbidden', MESSAGES.accountTypeNotAllowed);
      }
    });
  },
  { name: 'auth' },
);
