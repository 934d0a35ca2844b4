import type { Booking, BookingStatus } from '@app/domain';
import type { createBooking } from '@/features/booking/api/create-booking';

/** Test data for bookings (test-only). */

let nextId = 1;

/** A booking as the API returns it (api-contract §4); only what a test cares about needs saying. */
export function makeBooking(overrides: Partial<Booking> & { Status?: BookingStatus } = {}): Booking {
  const id = overrides.id ?? `booking-${nextId++}`;
  const businessId = overrides.businessId ?? overrides.BusinessID ?? 'business-1';
  return {
    id,
    bookingId: id,
    BusinessID: businessId,
    businessId,
    CustomerID: 'user-1',
    Status: 'Requested',
    BookingDateTime: '2026-12-05 10:00',
    Price: 50,
    OriginalPrice: null,
    CounterPrice: null,
    FinalPrice: null,
    ServiceID: 'service-1',
    ServiceName: 'Appointment',
    DurationMinutes: 60,
    EndDateTime: '2026-12-05 11:00',
    MemberID: null,
    MemberName: null,
    IsHomeVisit: false,
    CustomerAddress: null,
    customerName: 'Aoife Byrne',
    customerEmail: 'aoife@example.com',
    customerPhone: '+447123456789',
    barberName: 'Ciaran Kelly',
    BusinessName: 'Fade Factory',
    BusinessAddress: '12 Bridge Street, Lisburn, BT28 1XY',
    CancellationNoticeHours: 0,
    CancelledBy: null,
    CancellationReason: null,
    PaymentStatus: 'NotRequired',
    AmountDuePence: 0,
    PaymentDueBy: null,
    AmountPaidPence: 0,
    AmountRefundedPence: 0,
    RefundRetrying: false,
    WalkIn: false,
    Attendance: null,
    RescheduledFrom: null,
    MoveProposal: null,
    CreatedAt: '2026-11-01T09:00:00.000Z',
    UpdatedAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * POST /booking/book's 201 answer, typed as the web reads it: a stub can no longer send a booking
 * the contract does not have.
 */
export function bookingCreated(
  overrides: Partial<Booking> = {},
  message = 'Booking requested',
): Awaited<ReturnType<typeof createBooking>> {
  return { message, booking: makeBooking({ Status: 'Requested', ...overrides }) };
}

/**
 * The menu and team of GET /booking/available-times for a business with only §9.3's start: one
 * service, 'Appointment' (an hour at its minimum price), and its owner doing it.
 */
export function singleServiceCatalog(minimumPrice: number, owner = 'Bob') {
  return {
    services: [
      { id: 'service-1', name: 'Appointment', durationMinutes: 60, minimumPrice, description: null },
    ],
    team: [{ id: 'member-1', name: owner, serviceIds: ['service-1'] }],
    serviceId: 'service-1',
    memberId: null,
  };
}
