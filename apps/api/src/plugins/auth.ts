import { MESSAGES, type UserType } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notAuthorized } from '../lib/errors';
import type { AccessTokens } from '../modules/auth/access-tokens';
import type { UsersRepository } from '../modules/users/users.repository';

export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
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

export interface AuthPluginOptions {
  accessTokens: AccessTokens;
  users: UsersRepository;
}

// RFC 9110 §11.1: the scheme name is case-insensitive.
const BEARER = /^Bearer ([A-Za-z0-9_\-.]{1,4096})$/i;

export const authPlugin = fp<AuthPluginOptions>(
  async (app, { accessTokens, users }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (!this.user) throw notAuthorized();
      return this.user;
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const claims = match ? accessTokens.verify(match[1] as string) : null;
      if (!claims) throw notAuthorized();
      // The account must still exist with the same session version (a password reset or an
      // account deletion ends access tokens issued before it), and the token's login must still
      // have a live refresh token (logout and re-use revocation end it too).
      const session = await users.findSession(claims.sub, claims.sid, accessTokens.clock().toISOString());
      if (!session || session.session_version !== claims.sv || session.is_confirmed !== 1)
        throw notAuthorized();
      request.user = { id: session.id, email: session.email, userType: session.user_type };
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
