import { z } from 'zod';
import { USER_TYPES } from '../auth';

// Response shapes of /api/user/* (api-contract §3). Field names are the contract's.

export const TimeRangeSchema = z.object({ start: z.string(), end: z.string() });
export const AvailabilityResponseSchema = z.record(z.string(), z.array(TimeRangeSchema));
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

export const AwayDateResponseSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().optional(),
  createdAt: z.number().describe('epoch milliseconds'),
  status: z.string(),
});
export type AwayDateResponse = z.infer<typeof AwayDateResponseSchema>;

/** The signed-in account, as GET /user/userdetails and every PUT /user/* return it. */
export const UserProfileSchema = z
  .object({
    id: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    PhoneNumber: z.string(),
    Address: z.string(),
    Birthdate: z.string().nullable(),
    UserType: z.enum(USER_TYPES),
    PendingEmail: z.string().nullable().describe('An email change waiting for its code'),
    // Business and Admin only:
    BusinessName: z.string().optional(),
    BusinessAddress: z.string().optional(),
    BusinessDescription: z.string().optional(),
    minimumPrice: z.number().optional(),
    homeVisitsEnabled: z.boolean().optional(),
    homeVisitDistricts: z
      .array(z.string())
      .optional()
      .describe("The postcode districts it travels to for home visits ('BT9'), in order; [] anywhere"),
    availability: AvailabilityResponseSchema.optional(),
    awayDates: z.array(AwayDateResponseSchema).optional(),
    cancellationNoticeHours: z
      .number()
      .optional()
      .describe('Whole hours 0–72: customers may cancel an agreed booking online until this long before it'),
    showFullAddress: z
      .boolean()
      .optional()
      .describe('Whether customers see the full BusinessAddress (false: only its town and postcode)'),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** GET and PUT /user/notification-settings: which optional emails the account gets. */
export const NotificationSettingsSchema = z
  .object({
    bookingUpdates: z.boolean().describe('Emails about a change to one of my bookings'),
    reminders: z.boolean().describe('Reminders before an appointment'),
    messages: z.boolean().describe('Emails about unread booking messages'),
    marketing: z.boolean().describe('News and offers (starts as the sign-up marketing consent)'),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
