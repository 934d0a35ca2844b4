import { randomUUID } from 'node:crypto';
import {
  type AvailableTimesResponse,
  type Booking,
  type CreateBookingRequestSchema,
  customerPriceError,
  DEFAULT_SERVICE_MINUTES,
  heldTimesFrom,
  homeVisitAddressError,
  isPaymentMode,
  isTeamBookableSlot,
  joinAddress,
  onlinePaymentOf,
  splitAddress,
  teamBookableSlots,
  todayInLondon,
} from '@app/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, notAuthorized } from '../../lib/errors';
import {
  type BookingRow,
  BookingsRepository,
  NO_PAYMENT,
  NOT_MOVED,
} from '../../repositories/bookings.repository';
import type { ServiceRow } from '../../repositories/catalog.repository';
import { PaymentsRepository } from '../../repositories/payments.repository';
import { isBookableBusiness, type UserRow, UsersRepository } from '../../repositories/users.repository';
import { CatalogService, toService } from '../catalog/catalog.service';
import type { PaymentTermsRules } from '../payments/payment-terms';
import { districtsOf, parseAvailability, toAwayRange } from '../users/users.mapper';
import { USER_MESSAGES } from '../users/users.messages';
import type { BookingEmails } from './booking-emails';
import { fullName, inTransaction, invalidField, notFound, slotTaken } from './booking-transaction';
import type { BookingTransitions } from './booking-transitions';
import { toAvailableTimes, toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';
import { teamDiaries } from './team-diaries';

export type CreateBookingInput = z.output<typeof CreateBookingRequestSchema>;

export interface BookingRequestsDeps {
  db: Db;
  clock: Clock;
  emails: BookingEmails;
  /** A new request is published and counted as a transition from nothing. */
  transitions: BookingTransitions;
  /** Whether online payment is on (api-contract §9.2). */
  payments: PaymentTermsRules;
}

/**
 * A business's bookable times and a customer's request for one (api-contract §4): the request is
 * checked and written under the business's lock, so a time taken meanwhile is a 409.
 */
export class BookingRequests {
  private readonly users: UsersRepository;
  private readonly bookings: BookingsRepository;
  private readonly payments: PaymentsRepository;
  private readonly catalog: CatalogService;

  constructor(private readonly deps: BookingRequestsDeps) {
    this.users = new UsersRepository(deps.db);
    this.bookings = new BookingsRepository(deps.db);
    this.payments = new PaymentsRepository(deps.db);
    this.catalog = new CatalogService(deps);
  }

  /**
   * Hours, away periods that have not ended, and the bookable starts from now on for a service
   * (api-contract §9.3; default the first) with a member (default any who does it): long enough for
   * its duration inside that member's hours, at the business's step, each member's diary swept once.
   */
  async availableTimes(
    businessId: string,
    serviceId?: string,
    memberId?: string,
  ): Promise<AvailableTimesResponse> {
    const business = await this.users.findBookableBusiness(businessId);
    if (!business) throw notFound(USER_MESSAGES.businessNotFound);
    const now = this.deps.clock();
    const today = todayInLondon(now);
    const [awayDates, held, onlinePayment, { services, members }] = await Promise.all([
      this.users.listAwayDates(business.id),
      this.bookings.listHeldTimes(business.id, heldTimesFrom(today)),
      this.onlinePaymentOf(business),
      this.catalog.catalogOf(business),
    ]);
    const service = pickService(services, serviceId);
    if (serviceId !== undefined && !service) throw invalidField('serviceId', BOOKING_MESSAGES.unknownService);
    const team = teamDiaries(members, held, { serviceId: service?.id ?? null, memberId });
    if (memberId !== undefined && team.members.length === 0) {
      throw invalidField('memberId', BOOKING_MESSAGES.unknownMember);
    }
    const slots = teamBookableSlots({
      availability: parseAvailability(business.availability),
      awayDates: awayDates.map(toAwayRange),
      now,
      durationMinutes: service?.duration_minutes ?? DEFAULT_SERVICE_MINUTES,
      stepMinutes: business.slot_step_minutes,
      ...team,
    });
    return toAvailableTimes(
      business,
      awayDates.filter((away) => away.end_date >= today),
      slots,
      onlinePayment,
      {
        services: services.map(toService),
        team: members.map(({ id, name, serviceIds }) => ({ id, name, serviceIds })),
        serviceId: service?.id ?? '',
        memberId: memberId ?? null,
      },
    );
  }

  /**
   * What the business asks customers to pay online when a booking is agreed (api-contract §9.2):
   * its settings are on its row; its payout account is read only when it asks for money.
   */
  private async onlinePaymentOf(business: Pick<UserRow, 'id' | 'payment_mode' | 'deposit_percent'>) {
    if (!this.deps.payments.online) return null;
    if (!isPaymentMode(business.payment_mode) || business.payment_mode === 'none') return null;
    const account = await this.payments.accountOf(business.id);
    return onlinePaymentOf(
      { mode: business.payment_mode, depositPercent: business.deposit_percent },
      account?.status === 'active',
    );
  }

  /** A customer's request (status Requested) for one of the business's bookable slots. */
  async book(customerId: string, input: CreateBookingInput): Promise<Booking> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const { booking, row, line } = await inTransaction(
      this.deps.db,
      async ({ trx, users, bookings, threads }) => {
        // Lock first: every check below reads what the business's other writes have committed.
        const locked = await users.lockAndRead(input.businessId);
        const business = locked && isBookableBusiness(locked) ? locked : undefined;
        if (!business) throw notFound(USER_MESSAGES.businessNotFound);
        // The customer's row too, so a concurrent account deletion cannot miss this booking.
        const customer = await users.lockAndRead(customerId);
        if (!customer) throw notAuthorized();

        // The service asked for (api-contract §9.3): its length and its minimum price. The menu and
        // team are the copy kept under the version just read under the lock, if there is one.
        const { services, members } = await this.catalog.catalogOf(business, trx);
        const service = pickService(services, input.serviceId);
        if (!service) throw invalidField('serviceId', BOOKING_MESSAGES.unknownService);
        const awayDates = await users.listAwayDates(business.id);
        const held = await bookings.listHeldTimes(
          business.id,
          heldTimesFrom(input.bookingDateTime.slice(0, 10)),
        );
        const team = teamDiaries(members, held, { serviceId: service.id, memberId: input.memberId });
        if (input.memberId !== undefined && team.members.length === 0) {
          throw invalidField('memberId', BOOKING_MESSAGES.unknownMember);
        }
        const rules = {
          availability: parseAvailability(business.availability),
          awayDates: awayDates.map(toAwayRange),
          now,
          durationMinutes: service.duration_minutes,
          stepMinutes: business.slot_step_minutes,
        };
        // Taken times are checked below, so that a time taken meanwhile is a 409, not a 400.
        const fits = isTeamBookableSlot(input.bookingDateTime, {
          ...rules,
          members: team.members.map((member) => ({ ...member, taken: [] })),
        });
        if (!fits) throw invalidField('bookingDateTime', BOOKING_MESSAGES.slotNotAvailable);
        const priceProblem = customerPriceError(input.price, service.minimum_price);
        if (priceProblem) throw invalidField('price', priceProblem);
        if (input.isHomeVisit && business.home_visits_enabled !== 1) {
          throw invalidField('isHomeVisit', BOOKING_MESSAGES.noHomeVisits);
        }
        if (input.isHomeVisit && input.customerAddress) {
          // Any address for this visit (issue 29, item 19), by the profile's rules, where it travels.
          const problem = homeVisitAddressError(
            input.customerAddress,
            districtsOf(business.home_visit_districts),
            business.business_name || fullName(business),
          );
          if (problem) throw invalidField('customerAddress', problem);
        }

        if (await bookings.findOpenRequest(customer.id, business.id, input.bookingDateTime)) {
          throw new AppError('DuplicateRequest', BOOKING_MESSAGES.duplicateRequest);
        }
        // Someone who does it (the one asked for, if any) must still offer it: free for its whole
        // length, on their own grid, as available-times says.
        if (!isTeamBookableSlot(input.bookingDateTime, { ...rules, ...team })) throw slotTaken();
        const named = input.memberId === undefined ? undefined : team.members[0];

        // Names and contact details are captured now: bookings outlive accounts (api-contract §3).
        const booking: BookingRow = {
          id: randomUUID(),
          business_id: business.id,
          customer_id: customer.id,
          status: 'Requested',
          starts_at: input.bookingDateTime,
          price: input.price,
          original_price: null,
          counter_price: null,
          final_price: null,
          is_home_visit: input.isHomeVisit ? 1 : 0,
          // As the profile stores an address: its parts joined, the postcode in capitals.
          customer_address:
            input.isHomeVisit && input.customerAddress
              ? joinAddress(splitAddress(input.customerAddress))
              : null,
          customer_name: fullName(customer),
          customer_email: customer.email,
          customer_phone: customer.phone_number,
          barber_name: fullName(business),
          business_name: business.business_name ?? '',
          cancelled_by: null,
          cancellation_reason: null,
          service_id: service.id,
          service_name: service.name,
          duration_minutes: service.duration_minutes,
          member_id: named?.id ?? null,
          member_name: named?.name ?? null,
          ...NO_PAYMENT,
          ...NOT_MOVED,
          created_at: nowIso,
          updated_at: nowIso,
        };
        await bookings.insert(booking);
        const transitionId = await bookings.recordTransition({
          bookingId: booking.id,
          from: null,
          to: 'Requested',
          actorId: customer.id,
          price: booking.price,
          now: nowIso,
        });
        // The request opens the booking's thread (api-contract §8.8).
        const line = await threads.open(booking, {
          id: transitionId,
          status: 'Requested',
          actor: 'customer',
          price: booking.price,
          now: nowIso,
        });
        await this.deps.emails.requested(trx, booking, business);
        return { booking: toBookingWithAddress(booking, business, 'customer'), row: booking, line };
      },
    );
    this.deps.transitions.committed({ booking: row, line, from: null });
    return booking;
  }
}

/** The service asked for, or the first when none is named; undefined for an id of none of them. */
function pickService(services: readonly ServiceRow[], serviceId: string | undefined): ServiceRow | undefined {
  return serviceId === undefined ? services[0] : services.find((service) => service.id === String(serviceId));
}
