import {
  ApiErrorSchema,
  ConfirmSignupRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  MAX_ID_LENGTH,
  MessageResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  RegisterWithInviteRequestSchema,
  ResendCodeRequestSchema,
  ResendInviteResponseSchema,
  ResetPasswordRequestSchema,
  SendInviteRequestSchema,
  SendInviteResponseSchema,
  SentInvitesResponseSchema,
  VerifyInviteRequestSchema,
  VerifyInviteResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.messages';
import type { AuthService } from './auth.service';
import type { InvitesService } from './invites.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  invites: InvitesService;
}

/** Error responses every body route can give, plus the ones listed. */
const errors = (...statuses: number[]) =>
  Object.fromEntries([400, 413, 415, ...statuses].map((status) => [status, ApiErrorSchema]));

const PASSWORD_HEADER_NOTE =
  'With `X-Password-Encoding: base64`, the password fields are base64 of the UTF-8 password.';

/** /api/auth/* (api-contract §2). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, invites }) => {
  // Code emails still being sent go out before the app closes (this runs before the database closes).
  app.addHook('onClose', async () => auth.whenIdle());

  app.post(
    '/register',
    {
      onRequest: app.rateLimit('register'),
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account and email a 6-digit confirmation code (valid 24 h)',
        description: PASSWORD_HEADER_NOTE,
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, ...errors(409, 429) },
      },
    },
    async (request, reply) => {
      await auth.register(request.body);
      return reply.code(201).send({ message: AUTH_MESSAGES.registered, userConfirmed: false });
    },
  );

  app.post(
    '/confirm-signup',
    {
      onRequest: app.rateLimit('confirm-signup'),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account with the emailed code',
        body: ConfirmSignupRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(429) },
      },
    },
    async (request) => {
      await auth.confirmSignup(request.body.username, request.body.code);
      return { message: AUTH_MESSAGES.confirmed };
    },
  );

  app.post(
    '/resend-code',
    {
      onRequest: app.rateLimit('resend-code'),
      schema: {
        tags: ['auth'],
        summary:
          'Email a new confirmation code (voids the previous one); 200 whether or not the account exists',
        body: ResendCodeRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(429) },
      },
    },
    async (request) => {
      await auth.resendCode(request.body.username);
      return { message: AUTH_MESSAGES.codeResent };
    },
  );

  app.post(
    '/login',
    {
      onRequest: app.rateLimit('login'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description: `${PASSWORD_HEADER_NOTE} 403 \`UserNotConfirmed\` only when the password is right.`,
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errors(401, 403, 429) },
      },
    },
    async (request) => auth.login(request.body.email, request.body.password),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for new tokens (the old refresh token stops working)',
        body: RefreshRequestSchema,
        response: { 200: RefreshResponseSchema, ...errors(401) },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "End the refresh token's login",
        body: LogoutRequestSchema,
        response: { 204: z.undefined(), ...errors() },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body.refreshToken);
      return reply.code(204).send();
    },
  );

  app.post(
    '/forgot-password',
    {
      onRequest: app.rateLimit('forgot-password'),
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset code (valid 1 h); 200 whether or not the account exists',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(429) },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.username);
      return { message: AUTH_MESSAGES.resetCodeSent };
    },
  );

  app.post(
    '/reset-password',
    {
      onRequest: app.rateLimit('reset-password'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed code; ends every session of the account',
        description: PASSWORD_HEADER_NOTE,
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errors(429) },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/send-business-invite',
    {
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        tags: ['auth'],
        summary: 'Invite a business by email (Admin only): a single-use link valid 48 h',
        description:
          'Emails a link `APP_URL/invite/{inviteCode}`. A new invite to an address voids its earlier unused ones. 409 UsernameExists when the address has an account; 503 when the email cannot be sent.',
        security: [{ bearerAuth: [] }],
        body: SendInviteRequestSchema,
        response: { 201: SendInviteResponseSchema, ...errors(401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const { expiresAt } = await invites.sendBusinessInvite(request.requireUser().id, request.body.email);
      return reply.code(201).send({ message: AUTH_MESSAGES.inviteSent, expiresAt });
    },
  );

  const adminOnly = [app.authenticate, app.requireRole('Admin')];
  const InviteParamsSchema = z.object({ id: z.string().min(1).max(MAX_ID_LENGTH) });

  app.get(
    '/invites',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['auth'],
        summary: 'The invitations sent, newest first (Admin only)',
        description:
          'The latest 200: each address, when it was last sent, when its link expires, and whether it is open, expired or used (with when). Codes are never shown: only their hash is kept.',
        security: [{ bearerAuth: [] }],
        response: { 200: SentInvitesResponseSchema, ...errors(401, 403) },
      },
    },
    async () => ({ invites: await invites.listInvites() }),
  );

  app.post(
    '/invites/:id/resend',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['auth'],
        summary: 'Send an unused invitation again with a new link (Admin only)',
        description:
          'A new code and expiry, emailed; the earlier link stops working, and the invitation gets a new id. 404 InviteNotFound when unknown or revoked; 409 InviteUsed once used; 409 UsernameExists when the address has an account.',
        security: [{ bearerAuth: [] }],
        params: InviteParamsSchema,
        response: { 201: ResendInviteResponseSchema, ...errors(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const invite = await invites.resendInvite(request.requireUser().id, request.params.id);
      return reply.code(201).send({ message: AUTH_MESSAGES.inviteResent, invite });
    },
  );

  app.delete(
    '/invites/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['auth'],
        summary: 'Revoke an unused invitation (Admin only): its link stops working at once',
        description: '404 InviteNotFound when unknown or already revoked; 409 InviteUsed once used.',
        security: [{ bearerAuth: [] }],
        params: InviteParamsSchema,
        response: { 200: MessageResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await invites.revokeInvite(request.params.id);
      return { message: AUTH_MESSAGES.inviteRevoked };
    },
  );

  app.post(
    '/verify-invite',
    {
      onRequest: app.rateLimit('verify-invite'),
      schema: {
        tags: ['auth'],
        summary: 'Check an invite code: the invited email when it can be used',
        description:
          'Unknown, voided or used: `{ email: null, valid: false, expired: false }`; expired: `{ email: null, valid: false, expired: true }`.',
        body: VerifyInviteRequestSchema,
        response: { 200: VerifyInviteResponseSchema, ...errors(429) },
      },
    },
    async (request) => invites.verifyInvite(request.body.inviteCode),
  );

  app.post(
    '/register-with-invite',
    {
      onRequest: app.rateLimit('register-with-invite'),
      schema: {
        tags: ['auth'],
        summary: "Create an unconfirmed Business account for the invite's email and email a code",
        description: `${PASSWORD_HEADER_NOTE} Uses the invite up. 404 InviteNotFound (unknown or voided), 409 InviteUsed, 410 InviteExpired, 409 UsernameExists. Confirm with /auth/confirm-signup.`,
        body: RegisterWithInviteRequestSchema,
        response: { 201: MessageResponseSchema, ...errors(404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      await auth.registerWithInvite(request.body);
      return reply.code(201).send({ message: AUTH_MESSAGES.registered });
    },
  );
};
