import { z } from 'zod';
import { BookingSchema } from './bookings';
import { ReviewSchema } from './reviews';
import { NotificationSettingsSchema, UserProfileSchema } from './users';

// GET /user/export (api-contract §9.4): a person's own data, for UK GDPR access and portability.

/** One line of a booking's thread as the export keeps it: a message, or a step the booking took. */
export const ExportedThreadLineSchema = z
  .object({
    bookingId: z.string(),
    seq: z.number().int(),
    from: z.enum(['customer', 'business', 'system']),
    body: z.string().describe('The message as typed; empty for a step of the booking'),
    status: z.string().nullable().describe('The status a step moved the booking to'),
    price: z.number().nullable().describe('The price a step recorded'),
    sentAt: z.string().describe('ISO-8601 UTC'),
  })
  .meta({ id: 'ExportedThreadLine' });

/** A review in the export: the review, and which booking and business it is of. */
export const ExportedReviewSchema = ReviewSchema.extend({
  bookingId: z.string(),
  businessId: z.string(),
  hidden: z.boolean().describe('Hidden by the Admin'),
}).meta({ id: 'ExportedReview' });
export type ExportedReview = z.infer<typeof ExportedReviewSchema>;

/** The whole export: the account and everything it made or took part in. */
export const AccountExportSchema = z
  .object({
    exportedAt: z.string().describe('ISO-8601 UTC'),
    account: UserProfileSchema,
    notificationSettings: NotificationSettingsSchema,
    bookingsAsCustomer: z.array(BookingSchema).describe('Every booking the account asked for'),
    bookingsAsBusiness: z.array(BookingSchema).describe('A business: every booking asked of it'),
    messages: z
      .array(ExportedThreadLineSchema)
      .describe('The threads of those bookings, both parties’ messages, as each party sees them'),
    reviewsWritten: z.array(ExportedReviewSchema),
    reviewsReceived: z.array(ExportedReviewSchema).describe('A business: the reviews of it'),
    waitlist: z
      .array(z.object({ id: z.string(), businessId: z.string(), businessName: z.string(), date: z.string() }))
      .describe('The days the account waits for a time'),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** 'trimtime-data-2026-12-04.json': the download's name. */
export const accountExportFilename = (today: string) => `trimtime-data-${today}.json`;
