import { z } from 'zod';
import { BOOKING_STATUSES, CANCELLED_BY } from '../booking-status';
import { ATTENDANCES, PAYMENT_STATUSES } from '../payments';
import { RatingSchema } from './reviews';
import { ServiceSchema } from './services';
import { AvailabilityResponseSchema } from './users';

// Response shapes of /api/booking/* (api-contract §4). Field names are the contract's.

/** The booking object every booking endpoint returns. */
export const BookingSchema = z
  .object({
    id: z.string(),
    bookingId: z.string().describe('Same as id'),
    BusinessID: z.string(),
    businessId: z.string().describe('Same as BusinessID'),
    CustomerID: z.string(),
    Status: z.enum(BOOKING_STATUSES),
    BookingDateTime: z.string().describe("'YYYY-MM-DD HH:MM', Northern Ireland wall clock: the start"),
    Price: z.number().nullable().describe('The customer’s offer, whole pounds'),
    OriginalPrice: z.number().nullable().describe('The offer a counter replaced'),
    CounterPrice: z.number().nullable(),
    FinalPrice: z.number().nullable().describe('The agreed price once Approved or Confirmed'),
    ServiceID: z
      .string()
      .nullable()
      .describe('The service asked for (api-contract §9.3); null: removed since'),
    ServiceName: z.string().describe('The service’s name when it was asked for'),
    DurationMinutes: z.number().int().describe('How long it lasts: the service’s duration when asked for'),
    EndDateTime: z.string().describe("When it ends, 'YYYY-MM-DD HH:MM', Northern Ireland wall clock"),
    MemberID: z.string().nullable().describe('The team member doing it; null until one is set'),
    MemberName: z.string().nullable(),
    IsHomeVisit: z.boolean(),
    CustomerAddress: z.string().nullable().describe('Only for home visits'),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    barberName: z.string(),
    BusinessName: z.string(),
    BusinessAddress: z
      .string()
      .describe(
        "Where the shop is: to its customer the full address once Approved or Confirmed, else the business object's public form; to the business its own full address; '' when unknown (the business account is gone)",
      ),
    CancellationNoticeHours: z
      .number()
      .int()
      .nullable()
      .describe(
        "To its customer, the business's cancellationNoticeHours as they are now: the customer may cancel an Approved or Confirmed booking online until that many hours before the start. Null in the business's own lists (its profile has it) and when the business account is gone",
      ),
    CancelledBy: z
      .enum(CANCELLED_BY)
      .nullable()
      .describe(
        'Who cancelled a Cancelled booking (null for any other status): a party, or the system when a payment did not arrive by PaymentDueBy',
      ),
    CancellationReason: z
      .string()
      .nullable()
      .describe(
        'The business’s reason when it cancelled an agreed appointment; ‘Payment not received’ when the system did',
      ),
    PaymentStatus: z
      .enum(PAYMENT_STATUSES)
      .describe(
        'Where its money stands (api-contract §9.2): NotRequired (nothing asked online), Due, Paid, Refunded, Kept (a no-show)',
      ),
    AmountDuePence: z.number().int().describe('What the agreement asks for online, in pence (0: nothing)'),
    PaymentDueBy: z.string().nullable().describe('ISO instant by which a Due payment must arrive, else null'),
    AmountPaidPence: z.number().int(),
    AmountRefundedPence: z.number().int(),
    RefundRetrying: z
      .boolean()
      .describe(
        'A refund the payment provider refused or could not be reached for: it is tried again until it goes',
      ),
    WalkIn: z
      .boolean()
      .describe(
        'A walk-in or phone booking the business made for a customer without an account: no customer side, no emails',
      ),
    Attendance: z
      .enum(ATTENDANCES)
      .nullable()
      .describe('The business’s word after the start: Attended or NoShow; null until then'),
    RescheduledFrom: z
      .string()
      .nullable()
      .describe('The start it was last moved from, "YYYY-MM-DD HH:MM"; null if it never moved'),
    MoveProposal: z
      .object({
        id: z.string(),
        to: z.string().describe('The proposed start, "YYYY-MM-DD HH:MM"'),
        proposedBy: z.enum(['customer', 'business']),
      })
      .nullable()
      .describe('Its open proposal of a new time, for the other party to accept or decline'),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof BookingSchema>;

/** One business of the public list (GET /booking/businesses). */
export const BusinessSummarySchema = z
  .object({
    id: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    BusinessName: z.string(),
    BusinessDescription: z.string(),
    BusinessAddress: z
      .string()
      .describe('As registered; only its town and postcode when the business turned showFullAddress off'),
    BusinessTown: z.string().describe('The segment of the address before the postcode'),
    minimumPrice: z
      .number()
      .describe(
        'The lowest minimum price of its services (api-contract §9.3): what the list shows as “From £X”',
      ),
    services: z
      .array(z.string())
      .describe('The names of its services in the business’s order (api-contract §9.3); searched by q'),
    homeVisitsEnabled: z.boolean(),
    homeVisitDistricts: z
      .array(z.string())
      .describe("The postcode districts it travels to for home visits ('BT9'), in order; [] anywhere"),
    cancellationNoticeHours: z
      .number()
      .describe('Hours before the start until which a customer may cancel an agreed booking online'),
    nextAvailable: z
      .string()
      .nullable()
      .describe("The first bookable slot 'YYYY-MM-DD HH:MM' (the first of available-times' slots), or null"),
    rating: RatingSchema,
  })
  .meta({ id: 'BusinessSummary' });
export type BusinessSummary = z.infer<typeof BusinessSummarySchema>;

/** An away period as customers see it: no reason (that is the business's own note). */
export const PublicAwayDateSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.number().describe('epoch milliseconds'),
  status: z.string(),
});

export const BusinessesResponseSchema = z.object({
  businesses: z.array(BusinessSummarySchema),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
});
export type BusinessesResponse = z.infer<typeof BusinessesResponseSchema>;

/** GET /booking/towns: the towns of listed businesses, by name, with how many are in each. */
export const TownsResponseSchema = z.object({
  towns: z.array(z.object({ town: z.string(), count: z.number().int() })),
});
export type TownsResponse = z.infer<typeof TownsResponseSchema>;

export const AvailableTimesResponseSchema = z.object({
  business: BusinessSummarySchema.extend({
    availability: AvailabilityResponseSchema,
    awayDates: z.array(PublicAwayDateSchema),
    onlinePayment: z
      .object({ mode: z.enum(['deposit', 'full']), depositPercent: z.number().int() })
      .nullable()
      .describe(
        'What the business asks customers to pay online when a booking is agreed (api-contract §9.2); null: at the appointment',
      ),
  }),
  availability: AvailabilityResponseSchema,
  awayDates: z.array(PublicAwayDateSchema).describe('Away periods that have not ended'),
  slots: z.array(z.string()).describe("Bookable starts 'YYYY-MM-DD HH:MM', sorted"),
  services: z.array(ServiceSchema).describe('The business’s menu, in its order (api-contract §9.3)'),
  team: z
    .array(z.object({ id: z.string(), name: z.string(), serviceIds: z.array(z.string()) }))
    .describe('Its team, in its order, with the services each does'),
  serviceId: z.string().describe('The service the slots are for'),
  memberId: z.string().nullable().describe('The member the slots are for; null: any who does it'),
});
export type AvailableTimesResponse = z.infer<typeof AvailableTimesResponseSchema>;

/** What POST /booking/book and every PATCH /booking/* answer. */
export const BookingResultSchema = z.object({ message: z.string(), booking: BookingSchema });

/**
 * POST /user/away-dates/check and /user/availability/check: the agreed bookings (Approved or
 * Confirmed, not started) the change would leave outside the business's hours, earliest first.
 */
export const AgreedBookingsCheckResponseSchema = z.object({ bookings: z.array(BookingSchema) });
export type AgreedBookingsCheckResponse = z.infer<typeof AgreedBookingsCheckResponseSchema>;
export type BookingResult = z.infer<typeof BookingResultSchema>;

export const UserBookingsResponseSchema = z.object({
  requests: z.array(BookingSchema).describe('Every booking the caller made as a customer, newest first'),
  bookings: z.array(BookingSchema).describe('The Approved and Confirmed ones'),
});
export type UserBookingsResponse = z.infer<typeof UserBookingsResponseSchema>;

export const AllBookingsResponseSchema = z.object({
  bookings: z
    .array(BookingSchema)
    .describe('By BookingDateTime (earliest first) when from or to is given, else newest first'),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
});
export type AllBookingsResponse = z.infer<typeof AllBookingsResponseSchema>;
