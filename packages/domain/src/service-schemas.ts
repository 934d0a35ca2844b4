import { z } from 'zod';
import { AvailabilitySchema } from './availability-schemas';
import { awayDateError } from './away-dates';
import { idSchema } from './bookings';
import { AWAY_REASON_MAX_LENGTH } from './constants';
import { isIsoDate, TIME_PATTERN } from './dates';
import { MESSAGES } from './messages';
import { CustomerPriceSchema, MinimumPriceSchema } from './price-schemas';
import {
  BLOCK_REASON_MAX,
  MAX_MEMBER_AWAY_DATES,
  MAX_SERVICES,
  MEMBER_NAME_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_MESSAGES,
  SERVICE_NAME_MAX,
  SLOT_STEPS,
  serviceDurationError,
} from './services';
import { isDateTime } from './slots';
import { hasInvalidCharacters, type TextOptions } from './zod-helpers';

// The request schemas of services and team (api-contract §9.3), apart from services.ts so that a
// page reading a menu does not load zod.

/** Text with no control characters, trimmed, its length checked with the field's own message. */
const text = (missing: string, options: TextOptions = {}) =>
  z
    .string({ error: missing })
    .refine((value) => !hasInvalidCharacters(value, options), MESSAGES.invalidCharacters)
    .trim();

const serviceName = text(SERVICE_MESSAGES.nameRequired)
  .min(1, SERVICE_MESSAGES.nameRequired)
  .max(SERVICE_NAME_MAX, SERVICE_MESSAGES.nameTooLong);

/** POST /user/services and PUT /user/services/{id}. */
export const ServiceRequestSchema = z.object({
  name: serviceName,
  durationMinutes: z.number({ error: SERVICE_MESSAGES.duration }).superRefine((minutes, ctx) => {
    const message = serviceDurationError(minutes);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  minimumPrice: MinimumPriceSchema,
  // Optional; '' or null: none.
  description: text(SERVICE_MESSAGES.descriptionTooLong, { multiline: true })
    .max(SERVICE_DESCRIPTION_MAX, SERVICE_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type ServiceRequest = z.input<typeof ServiceRequestSchema>;

/** PUT /user/services/order: every service id of the business once, in the order to show them. */
export const ServiceOrderRequestSchema = z.object({
  serviceIds: z
    .array(idSchema('serviceIds'), { error: SERVICE_MESSAGES.order })
    .min(1, SERVICE_MESSAGES.order)
    .max(MAX_SERVICES, SERVICE_MESSAGES.order),
});
export type ServiceOrderRequest = z.input<typeof ServiceOrderRequestSchema>;

/**
 * One of a member's own away periods: real dates, start ≤ end, a year ahead at most, a reason of
 * 100 characters or fewer. Whether a period that is new starts in the past is the server's check
 * (it knows which periods it has: a stored one that has begun is sent back unchanged).
 */
export const MemberAwayDateRequestSchema = z
  .object({
    startDate: z.string({ error: MESSAGES.awayDateFormat }).max(10, MESSAGES.awayDateFormat),
    endDate: z.string({ error: MESSAGES.awayDateFormat }).max(10, MESSAGES.awayDateFormat),
    reason: z
      .string()
      .max(AWAY_REASON_MAX_LENGTH, MESSAGES.awayReasonMax)
      .refine((value) => !hasInvalidCharacters(value), MESSAGES.invalidCharacters)
      .trim()
      .nullish()
      .transform((reason) => reason || null),
  })
  .superRefine((period, ctx) => {
    const problem = awayDateError(period, { isNew: false });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type MemberAwayDateInput = z.input<typeof MemberAwayDateRequestSchema>;

/** POST /user/team and PUT /user/team/{id}: a name, the services they do, their own hours or none. */
export const MemberRequestSchema = z.object({
  name: text(SERVICE_MESSAGES.memberNameRequired)
    .min(1, SERVICE_MESSAGES.memberNameRequired)
    .max(MEMBER_NAME_MAX, SERVICE_MESSAGES.memberNameTooLong),
  serviceIds: z
    .array(idSchema('serviceIds'), { error: SERVICE_MESSAGES.memberServices })
    .min(1, SERVICE_MESSAGES.memberServices)
    .max(MAX_SERVICES, SERVICE_MESSAGES.memberServices),
  // Absent or null: the business's weekly hours.
  availability: AvailabilitySchema.nullish().transform((hours) => hours ?? null),
  // Their own away periods, on top of the business's; absent: none.
  awayDates: z
    .array(MemberAwayDateRequestSchema, { error: MESSAGES.awayDateFormat })
    .max(MAX_MEMBER_AWAY_DATES, SERVICE_MESSAGES.tooManyMemberAwayDates)
    .nullish()
    .transform((periods) => periods ?? []),
});
export type MemberRequest = z.input<typeof MemberRequestSchema>;

/** PUT /user/booking-settings. */
export const BookingSettingsRequestSchema = z.object({
  slotStepMinutes: z
    .number({ error: SERVICE_MESSAGES.slotStep })
    .refine((value) => (SLOT_STEPS as readonly number[]).includes(value), SERVICE_MESSAGES.slotStep),
});
export type BookingSettingsRequest = z.input<typeof BookingSettingsRequestSchema>;

/** GET /booking/services and /booking/team: `?businessId=`. */
export const CatalogQuerySchema = z.object({ businessId: idSchema('businessId') });

/** /user/services/{id}, /user/team/{id}. */
export const CatalogItemParamsSchema = z.object({ id: idSchema('id') });

/**
 * POST /user/blocks: time blocked on one member's diary on one day (lunch, a course), from `start`
 * to `end` (NI wall clock). The server checks it is ahead, within a year, and clear of the member's
 * agreed bookings.
 */
export const BlockRequestSchema = z
  .object({
    memberId: idSchema('memberId'),
    date: z.string({ error: SERVICE_MESSAGES.blockDate }).refine(isIsoDate, SERVICE_MESSAGES.blockDate),
    start: z.string({ error: SERVICE_MESSAGES.blockStart }).regex(TIME_PATTERN, SERVICE_MESSAGES.blockStart),
    end: z.string({ error: SERVICE_MESSAGES.blockEnd }).regex(TIME_PATTERN, SERVICE_MESSAGES.blockEnd),
    reason: text(SERVICE_MESSAGES.blockReasonTooLong)
      .max(BLOCK_REASON_MAX, SERVICE_MESSAGES.blockReasonTooLong)
      .nullish()
      .transform((reason) => (reason ? reason : null)),
  })
  .superRefine(({ start, end }, ctx) => {
    if (TIME_PATTERN.test(start) && TIME_PATTERN.test(end) && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: SERVICE_MESSAGES.blockOrder });
    }
  });
export type BlockRequest = z.input<typeof BlockRequestSchema>;

/**
 * POST /user/walk-ins: a walk-in or phone booking the business makes for a named customer without
 * an account (issue 32 item 6), agreed at once. `memberId` absent: the first who does the service
 * and is free for its whole length. The server checks the time is from today, within a year, and
 * free for that member.
 */
export const WalkInRequestSchema = z.object({
  serviceId: idSchema('serviceId').optional(),
  memberId: idSchema('memberId').optional(),
  bookingDateTime: z
    .string({ error: MESSAGES.bookingDateTimeFormat })
    .max(16, MESSAGES.bookingDateTimeFormat)
    .refine(isDateTime, MESSAGES.bookingDateTimeFormat),
  customerName: text(SERVICE_MESSAGES.walkInName)
    .min(1, SERVICE_MESSAGES.walkInName)
    .max(MEMBER_NAME_MAX, SERVICE_MESSAGES.walkInNameTooLong),
  customerPhone: z
    .string({ error: SERVICE_MESSAGES.walkInPhone })
    .trim()
    .max(20, SERVICE_MESSAGES.walkInPhone)
    .regex(/^(\+?[\d ]{6,19})?$/, SERVICE_MESSAGES.walkInPhone)
    .optional()
    .transform((phone) => phone ?? ''),
  price: CustomerPriceSchema,
});
export type WalkInRequest = z.input<typeof WalkInRequestSchema>;
