import {
  type AvailableTimesResponse,
  type Booking,
  type BookingActor,
  type BusinessSummary,
  bookingBusinessAddress,
  bookingEndOf,
  businessTownOf,
  DEFAULT_SERVICE_NAME,
  MINIMUM_PRICE_DEFAULT,
  type OnlinePayment,
  publicBusinessAddress,
  WALK_IN_CUSTOMER_ID,
} from '@app/domain';
import type { BookingRow } from '../../repositories/bookings.repository';
import type { BusinessListingRow } from '../../repositories/listing.repository';
import type { AwayDateRow, UserRow } from '../../repositories/users.repository';
import { districtsOf, parseAvailability, toRating } from '../users/users.mapper';

/** The one place booking columns become the contract's Booking object (api-contract §4). */
export function toBooking(row: BookingRow): Booking {
  const isHomeVisit = row.is_home_visit === 1;
  return {
    id: row.id,
    bookingId: row.id,
    BusinessID: row.business_id,
    businessId: row.business_id,
    CustomerID: row.customer_id,
    Status: row.status,
    BookingDateTime: row.starts_at,
    Price: row.price,
    OriginalPrice: row.original_price,
    CounterPrice: row.counter_price,
    FinalPrice: row.final_price,
    ServiceID: row.service_id,
    ServiceName: row.service_name ?? DEFAULT_SERVICE_NAME,
    DurationMinutes: row.duration_minutes,
    EndDateTime: bookingEndOf(row.starts_at, row.duration_minutes),
    MemberID: row.member_id,
    MemberName: row.member_name,
    IsHomeVisit: isHomeVisit,
    CustomerAddress: isHomeVisit ? row.customer_address : null,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    barberName: row.barber_name,
    BusinessName: row.business_name,
    // Filled in where the business's row is read (toBookingWithAddress).
    BusinessAddress: '',
    CancellationNoticeHours: null,
    CancelledBy: row.cancelled_by,
    CancellationReason: row.cancellation_reason,
    PaymentStatus: row.payment_status,
    AmountDuePence: row.amount_due_pence,
    PaymentDueBy: row.payment_due_by,
    AmountPaidPence: row.amount_paid_pence,
    AmountRefundedPence: row.amount_refunded_pence,
    RefundRetrying: row.refund_retrying === 1,
    WalkIn: row.customer_id === WALK_IN_CUSTOMER_ID,
    Attendance: row.attendance,
    RescheduledFrom: row.rescheduled_from,
    MoveProposal:
      row.move_proposal_id && row.move_proposed_to && row.move_proposed_by
        ? { id: row.move_proposal_id, to: row.move_proposed_to, proposedBy: row.move_proposed_by }
        : null,
    CreatedAt: row.created_at,
    UpdatedAt: row.updated_at,
  };
}

/** The business columns a booking's address comes from (null: the business account is gone). */
export interface BookingBusinessColumns {
  business_address: string | null;
  show_full_address: number | null;
  cancellation_notice_hours: number | null;
}

/**
 * The Booking object with the business's address as `reader` may see it (bookingBusinessAddress):
 * the full one to its customer once agreed, the public form before; '' without the business. Its
 * cancellation notice is the business's as it is now (null without the business).
 */
export function toBookingWithAddress(
  row: BookingRow,
  business: BookingBusinessColumns | undefined,
  reader: BookingActor,
): Booking {
  const shop = business
    ? { address: business.business_address, showFullAddress: business.show_full_address === 1 }
    : undefined;
  return {
    ...toBooking(row),
    BusinessAddress: bookingBusinessAddress(shop, row.status, reader),
    CancellationNoticeHours: business?.cancellation_notice_hours ?? null,
  };
}

/**
 * A business as customers see it (api-contract §8.5): its address in public form, and its first
 * bookable slot (kept with it for the list; the first of the slots for available-times).
 */
export function toBusinessSummary(
  user: BusinessListingRow,
  nextAvailable: string | null,
  menu: readonly { name: string; minimumPrice: number }[],
): BusinessSummary {
  const address = user.business_address ?? '';
  const businessMinimum = user.minimum_price ?? MINIMUM_PRICE_DEFAULT;
  return {
    id: user.id,
    FirstName: user.first_name,
    LastName: user.last_name,
    BusinessName: user.business_name ?? '',
    BusinessDescription: user.business_description ?? '',
    BusinessAddress: publicBusinessAddress(address, user.show_full_address === 1),
    BusinessTown: businessTownOf(address),
    // "From £X": the lowest of its services (api-contract §9.3); with only its default service,
    // the business's minimum (§4). A business not yet given §9.3's start shows its own.
    minimumPrice:
      menu.length > 0 ? Math.min(...menu.map((service) => service.minimumPrice)) : businessMinimum,
    services: menu.length > 0 ? menu.map((service) => service.name) : [DEFAULT_SERVICE_NAME],
    homeVisitsEnabled: user.home_visits_enabled === 1,
    homeVisitDistricts: districtsOf(user.home_visit_districts),
    cancellationNoticeHours: user.cancellation_notice_hours,
    nextAvailable,
    rating: toRating(user),
  };
}

type PublicAwayDate = AvailableTimesResponse['awayDates'][number];

/** An away period without its reason, which is the business's own note. */
export function toPublicAwayDate(row: AwayDateRow): PublicAwayDate {
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    createdAt: Date.parse(row.created_at),
    status: row.status,
  };
}

export function toAvailableTimes(
  business: UserRow,
  awayDates: AwayDateRow[],
  slots: string[],
  onlinePayment: OnlinePayment | null,
  catalog: Pick<AvailableTimesResponse, 'services' | 'team' | 'serviceId' | 'memberId'>,
): AvailableTimesResponse {
  const availability = parseAvailability(business.availability);
  const publicAwayDates = awayDates.map(toPublicAwayDate);
  return {
    business: {
      ...toBusinessSummary(business, slots[0] ?? null, catalog.services),
      availability,
      awayDates: publicAwayDates,
      onlinePayment,
    },
    availability,
    awayDates: publicAwayDates,
    slots,
    ...catalog,
  };
}
