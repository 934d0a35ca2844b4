import {
  ApiErrorSchema,
  BusinessProfileRequestSchema,
  CancellationPolicyRequestSchema,
  HomeVisitRequestSchema,
  MessageResponseSchema,
  MinimumPriceRequestSchema,
  NotificationSettingsRequestSchema,
  NotificationSettingsSchema,
  ProfileUpdateRequestSchema,
  UserProfileSchema,
  VerifyEmailRequestSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, type AccountService } from './account.service';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  users: UsersService;
  account: AccountService;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

/**
 * /api/user/* (api-contract §3): every call needs a token. The business's hours and away dates are
 * the bookings module's (bookings/schedule.routes.ts): a change may cancel agreed bookings.
 */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, account }) => {
  const businessOnly = [app.authenticate, app.requireRole('Business', 'Admin')];

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

  app.put(
    '/update',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Edit names, phone and (customers only) address; a new Email waits for its code',
        description:
          'A different Email is not applied: a 6-digit code (24 h) goes to the new address and the profile comes back with PendingEmail, whether or not the address has an account (verify-email answers 409 UsernameExists then). 429 past 5 email changes per address or per account in 15 minutes.',
        security: [{ bearerAuth: [] }],
        body: ProfileUpdateRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(429) },
      },
    },
    async (request) => account.updateProfile(request.requireUser().id, request.body),
  );

  app.post(
    '/verify-email',
    {
      onRequest: [app.authenticate, app.rateLimit('verify-email')],
      schema: {
        tags: ['user'],
        summary: 'Apply a pending email change with the code sent to the new address',
        security: [{ bearerAuth: [] }],
        body: VerifyEmailRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(409, 429) },
      },
    },
    async (request) => account.verifyEmail(request.requireUser().id, request.body.code),
  );

  app.get(
    '/notification-settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Which optional emails the signed-in account gets',
        description:
          'Every user type. Defaults: bookingUpdates, reminders and messages true; marketing as ticked at sign-up. Codes, invites and security notices are always sent.',
        security: [{ bearerAuth: [] }],
        response: { 200: NotificationSettingsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => users.getNotificationSettings(request.requireUser().id),
  );

  app.put(
    '/notification-settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Replace the notification settings (all four booleans, nothing else)',
        description:
          'With bookingUpdates false no booking-event email goes to this account; with reminders false no reminder. 400 ValidationError names an unknown key or a value that is not a boolean.',
        security: [{ bearerAuth: [] }],
        body: NotificationSettingsRequestSchema,
        response: { 200: NotificationSettingsSchema, ...bodyErrors() },
      },
    },
    async (request) => users.updateNotificationSettings(request.requireUser().id, request.body),
  );

  app.delete(
    '/delete-account',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Delete the account (bookings are kept with the names captured in them)',
        description:
          '409 ActiveBookings while a Requested, Countered, Approved or Confirmed booking has not ended.',
        security: [{ bearerAuth: [] }],
        response: { 200: MessageResponseSchema, ...errors(401, 409) },
      },
    },
    async (request) => {
      await account.deleteAccount(request.requireUser().id);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  );

  app.put(
    '/minimum-price',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Minimum price, whole pounds £1–£1000 (Business and Admin)',
        security: [{ bearerAuth: [] }],
        body: MinimumPriceRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403) },
      },
    },
    async (request) => users.updateMinimumPrice(request.requireUser().id, request.body.minimumPrice),
  );

  app.put(
    '/cancellation-policy',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Cancellation notice, whole hours 0–72 (Business and Admin)',
        description:
          'Customers may cancel an Approved or Confirmed booking online until this many hours before it starts (0: until the start); later they get 409 TooLateToCancel.',
        security: [{ bearerAuth: [] }],
        body: CancellationPolicyRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403) },
      },
    },
    async (request) => users.updateCancellationPolicy(request.requireUser().id, request.body.noticeHours),
  );

  app.put(
    '/business-profile',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary:
          'Business name, address, description and whether customers see the full address (Business and Admin)',
        description:
          "The invite wizard's rules and messages, and the profanity check. With showFullAddress false, customers see only the address's town and postcode; the owner's profile always has the full address.",
        security: [{ bearerAuth: [] }],
        body: BusinessProfileRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403) },
      },
    },
    async (request) => users.updateBusinessProfile(request.requireUser().id, request.body),
  );

  app.put(
    '/home-visit',
    {
      onRequest: businessOnly,
      schema: {
        tags: ['user'],
        summary: 'Whether the business offers home visits, and where it travels (Business and Admin)',
        description:
          "homeVisitDistricts: the postcode districts it travels to as text ('BT1-BT9, BT20'; '' for anywhere; left out: unchanged). A home visit request to an address in another district is refused (400).",
        security: [{ bearerAuth: [] }],
        body: HomeVisitRequestSchema,
        response: { 200: UserProfileSchema, ...bodyErrors(403) },
      },
    },
    async (request) =>
      users.updateHomeVisits(
        request.requireUser().id,
        request.body.homeVisitsEnabled,
        request.body.homeVisitDistricts,
      ),
  );
};
