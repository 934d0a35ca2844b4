import { randomUUID } from 'node:crypto';
import {
  bookingBusinessAddress,
  bookingCardPath,
  holdsSlot,
  isBookingStatus,
  isPaymentMode,
  type PaymentAccountResponse,
  type PaymentProviderName,
  type PaymentSettings,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type PaymentFacts, paymentReceivedEmail, receiptEmail } from '../../mail/payment-templates';
import { formatBookingTime } from '../../mail/templates';
import { type BookingRow, BookingsRepository, businessNameOf } from '../../repositories/bookings.repository';
import { PaymentLedgerRepository } from '../../repositories/payment-ledger.repository';
import { type PaymentAccountRow, PaymentsRepository } from '../../repositories/payments.repository';
import { UsersRepository } from '../../repositories/users.repository';
import type { Outbox } from '../outbox/outbox.service';
import type { PaymentProvider } from './payment-provider';
import { PaymentRefunds } from './payment-refunds';

export interface PaymentsServiceDeps {
  db: Db;
  clock: Clock;
  /** The receipt and the business's notice are written with the payment. */
  outbox: Outbox;
  /** Null: online payment is off (production without Stripe's keys). */
  provider: PaymentProvider | null;
  /** Public address of the web app: where onboarding and checkout return to. */
  appUrl: string;
  logger?: FastifyBaseLogger;
  /** Woken when a payment must go back. */
  refunds?: Pick<PaymentRefunds, 'wake'>;
}

export const PAYMENT_API_MESSAGES = {
  unavailable:
    'Online payments are not set up on this server, so customers pay at the appointment. Ask the site’s operator to add the Stripe keys.',
  notActive: 'Connect your payout account and finish its set-up before asking customers to pay online.',
  accountNotFound: 'Payment account not found.',
  bookingNotFound: 'Booking not found.',
  nothingDue: 'Nothing is due for this booking.',
  deadlinePassed: 'The time to pay for this booking has passed.',
  providerDown:
    'The payment page could not be opened just now. Nothing was charged: please try again in a minute.',
  checkoutNotFound: 'Checkout not found.',
} as const;

/** Where the dashboard's payment settings are: onboarding comes back there. */
const SETTINGS_PATH = '/admin?tab=configuration';

/**
 * A business's side of payments (api-contract §9.2): its payout account at the provider and what it
 * asks customers for. Deposit or full payment needs an active account.
 */
export class PaymentsService {
  private readonly payments: PaymentsRepository;
  private readonly ledger: PaymentLedgerRepository;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.payments = new PaymentsRepository(deps.db);
    this.ledger = new PaymentLedgerRepository(deps.db);
  }

  get providerName(): PaymentProviderName {
    return this.deps.provider?.name ?? 'off';
  }

  /** GET /payments/account. */
  async account(businessId: string): Promise<PaymentAccountResponse> {
    const account = await this.payments.accountOf(businessId);
    return { status: account ? account.status : 'not_connected', provider: this.providerName };
  }

  /**
   * POST /payments/connect: the provider's onboarding page for the business's account (made at its
   * first connect), returning to the dashboard's settings.
   */
  async connect(business: { id: string; email: string }): Promise<{ url: string }> {
    const provider = this.deps.provider;
    if (!provider) throw new AppError('PaymentsUnavailable', PAYMENT_API_MESSAGES.unavailable);
    let account = await this.payments.accountOf(business.id);
    if (!account) {
      const now = this.deps.clock().toISOString();
      account = await this.payments.ensureAccount({
        business_id: business.id,
        provider: provider.name,
        account_ref: await provider.createAccount(business),
        status: 'pending',
        created_at: now,
        updated_at: now,
      });
    }
    return { url: await provider.onboardingUrl(account.account_ref, `${this.deps.appUrl}${SETTINGS_PATH}`) };
  }

  /** The provider says the account can take payments (Stripe's account.updated, the TEST page). */
  async accountActivated(accountRef: string): Promise<PaymentAccountRow> {
    const now = this.deps.clock().toISOString();
    if (!(await this.payments.setAccountStatus(accountRef, 'active', now))) {
      throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    }
    const account = await this.payments.accountByRef(accountRef);
    if (!account) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return account;
  }

  /** Stripe's word on an account (account.updated, read back from Stripe): 404 for one we did not make. */
  async accountStatusChanged(accountRef: string, status: PaymentAccountRow['status']): Promise<void> {
    if (!(await this.payments.setAccountStatus(accountRef, status, this.deps.clock().toISOString()))) {
      throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    }
  }

  /**
   * The provider failed a refund it had taken (Stripe's refund.updated, status failed): the money
   * is owed back again. Once per refund under the business's lock: the refund is marked failed, the
   * booking's refunded total goes down and says the refund waits, and a new refund is written for
   * the worker to try (a new one, so not Stripe's answer to the old one's idempotency key).
   */
  async refundReversed(refundRef: string): Promise<void> {
    const refund = await this.ledger.byProviderRef(refundRef);
    if (refund?.kind !== 'refund') return;
    const found = await new BookingsRepository(this.deps.db).findById(refund.booking_id);
    if (!found) return;
    let written = false;
    await this.deps.db.transaction().execute(async (trx) => {
      await new UsersRepository(trx).lockAccount(found.business_id);
      const now = this.deps.clock();
      if (
        !(await new PaymentLedgerRepository(trx).settle(refund.id, 'failed', now.toISOString(), [
          'succeeded',
        ]))
      ) {
        return;
      }
      const bookings = new BookingsRepository(trx);
      const booking = (await bookings.findById(found.id)) ?? found;
      await bookings.updatePayment(
        booking.id,
        {
          payment_status: 'Paid',
          amount_paid_pence: booking.amount_paid_pence,
          amount_refunded_pence: Math.max(0, booking.amount_refunded_pence - refund.amount_pence),
          refund_retrying: 1,
        },
        now.toISOString(),
      );
      written = (await PaymentRefunds.schedule(trx, booking.id, now, refund.refund_of ?? undefined)) > 0;
    });
    if (written) this.deps.refunds?.wake();
  }

  /** The account behind a provider page's link, or 404. */
  async accountByRef(accountRef: string): Promise<PaymentAccountRow> {
    const account = await this.payments.accountByRef(accountRef);
    if (!account) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return account;
  }

  /** GET /user/payment-settings. */
  async settings(businessId: string): Promise<PaymentSettings> {
    const row = await this.payments.settingsOf(businessId);
    if (!row) throw new AppError('NotFound', PAYMENT_API_MESSAGES.accountNotFound);
    return {
      mode: isPaymentMode(row.payment_mode) ? row.payment_mode : 'none',
      depositPercent: row.deposit_percent,
    };
  }

  /**
   * PUT /user/payment-settings: a deposit or full payment needs online payment on and an active
   * account (409 PaymentsUnavailable, PaymentsNotActive); paying at the appointment is always allowed.
   */
  async updateSettings(businessId: string, settings: PaymentSettings): Promise<PaymentSettings> {
    if (settings.mode !== 'none') {
      if (!this.deps.provider) throw new AppError('PaymentsUnavailable', PAYMENT_API_MESSAGES.unavailable);
      const account = await this.payments.accountOf(businessId);
      if (account?.status !== 'active')
        throw new AppError('PaymentsNotActive', PAYMENT_API_MESSAGES.notActive);
    }
    await this.payments.updateSettings(businessId, settings, this.deps.clock().toISOString());
    return this.settings(businessId);
  }

  /**
   * POST /payments/checkout: the provider's page to pay what the booking still asks for. The
   * booking's customer only (404 for anyone else), while it is agreed and Due (409 NothingDue). The
   * provider is asked first: when it cannot be reached nothing is written (503).
   */
  async checkout(customerId: string, bookingId: string): Promise<{ url: string }> {
    const booking = await new BookingsRepository(this.deps.db).findById(bookingId);
    if (!booking || booking.customer_id !== customerId) {
      throw new AppError('NotFound', PAYMENT_API_MESSAGES.bookingNotFound);
    }
    const owed = booking.amount_due_pence - booking.amount_paid_pence;
    if (
      booking.payment_status !== 'Due' ||
      !isBookingStatus(booking.status) ||
      !holdsSlot(booking.status) ||
      owed <= 0
    ) {
      throw new AppError('NothingDue', PAYMENT_API_MESSAGES.nothingDue);
    }
    if (booking.payment_due_by && Date.parse(booking.payment_due_by) <= this.deps.clock().getTime()) {
      throw new AppError('NothingDue', PAYMENT_API_MESSAGES.deadlinePassed);
    }
    const provider = this.deps.provider;
    if (!provider) throw new AppError('PaymentsUnavailable', PAYMENT_API_MESSAGES.unavailable);
    const account = await this.payments.accountOf(booking.business_id);
    if (!account) throw new AppError('NothingDue', PAYMENT_API_MESSAGES.nothingDue);
    const what = paymentKind(booking, owed);
    let checkout: { ref: string; url: string };
    try {
      checkout = await provider.createCheckout({
        bookingId: booking.id,
        amountPence: owed,
        description: `${what === 'deposit' ? 'Deposit' : 'Payment'} for ${businessNameOf(booking)}, ${formatBookingTime(booking.starts_at)}`,
        accountRef: account.account_ref,
        returnUrl: `${this.deps.appUrl}${bookingCardPath('customer', booking.id)}`,
      });
    } catch (error) {
      this.deps.logger?.warn({ err: error, bookingId }, 'the payment provider could not open a checkout');
      throw new AppError('ServiceUnavailable', PAYMENT_API_MESSAGES.providerDown);
    }
    const now = this.deps.clock().toISOString();
    await this.ledger.insert({
      id: randomUUID(),
      booking_id: booking.id,
      kind: 'charge',
      amount_pence: owed,
      provider: provider.name,
      provider_ref: checkout.ref,
      refund_of: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    });
    return { url: checkout.url };
  }

  /** The charge behind a checkout's reference, or 404. */
  private async chargeOf(ref: string) {
    const charge = await this.ledger.byProviderRef(ref);
    if (charge?.kind !== 'charge') throw new AppError('NotFound', PAYMENT_API_MESSAGES.checkoutNotFound);
    return charge;
  }

  /** A checkout as its provider page shows it: the amount, the business, the booking, its state. */
  async checkoutOf(ref: string) {
    const charge = await this.chargeOf(ref);
    const booking = await new BookingsRepository(this.deps.db).findById(charge.booking_id);
    if (!booking) throw new AppError('NotFound', PAYMENT_API_MESSAGES.checkoutNotFound);
    return {
      charge,
      businessName: businessNameOf(booking),
      when: formatBookingTime(booking.starts_at),
      what: paymentKind(booking, charge.amount_pence),
      returnUrl: `${this.deps.appUrl}${bookingCardPath('customer', booking.id)}`,
    };
  }

  /**
   * The provider says a checkout was paid (Stripe's checkout.session.completed, the development
   * page's Pay): once per checkout however often it is told, under the business's lock so a
   * cancellation is ordered before or after it. The booking is Paid once it covers what was due;
   * the customer gets a receipt, the business is told.
   */
  async checkoutCompleted(ref: string): Promise<void> {
    const charge = await this.chargeOf(ref);
    const found = await new BookingsRepository(this.deps.db).findById(charge.booking_id);
    if (!found) return;
    let refundsWritten = false;
    await this.deps.db.transaction().execute(async (trx) => {
      // The lock first (every booking write takes it first), then what holds under it.
      await new UsersRepository(trx).lockAccount(found.business_id);
      const bookings = new BookingsRepository(trx);
      const now = this.deps.clock();
      // The provider's word is final: a checkout the customer left (expired) may still be paid.
      const settled = await new PaymentLedgerRepository(trx).settle(
        charge.id,
        'succeeded',
        now.toISOString(),
        ['pending', 'expired'],
      );
      if (!settled) return;
      const booking = (await bookings.findById(charge.booking_id)) ?? found;
      const owed = booking.amount_due_pence - booking.amount_paid_pence;
      const paid = booking.amount_paid_pence + charge.amount_pence;
      await bookings.updatePayment(
        booking.id,
        {
          payment_status: paid >= booking.amount_due_pence ? 'Paid' : booking.payment_status,
          amount_paid_pence: paid,
          amount_refunded_pence: booking.amount_refunded_pence,
        },
        now.toISOString(),
      );
      await this.paymentEmails(trx, booking, {
        amountPence: charge.amount_pence,
        what: paymentKind(booking, charge.amount_pence),
      });
      if (!isBookingStatus(booking.status) || !holdsSlot(booking.status)) {
        // Paid after the booking was cancelled: all of it goes back.
        await PaymentRefunds.schedule(trx, booking.id, now);
        refundsWritten = true;
      } else if (owed <= 0) {
        // Paid twice (two checkouts open at once): this payment goes back.
        await PaymentRefunds.schedule(trx, booking.id, now, charge.id);
        refundsWritten = true;
      }
    });
    if (refundsWritten) this.deps.refunds?.wake();
  }

  /** The customer left the provider's page without paying: the checkout ends (a new one may follow). */
  async checkoutCancelled(ref: string): Promise<void> {
    const charge = await this.chargeOf(ref);
    await this.ledger.settle(charge.id, 'expired', this.deps.clock().toISOString());
  }

  private async paymentEmails(trx: Db, booking: BookingRow, payment: PaymentFacts): Promise<void> {
    const business = await new UsersRepository(trx).findById(booking.business_id);
    const shop = business && {
      address: business.business_address,
      showFullAddress: business.show_full_address === 1,
    };
    const facts = (reader: 'customer' | 'business') => ({
      customerName: booking.customer_name,
      businessName: businessNameOf(booking),
      bookingDateTime: booking.starts_at,
      price: booking.price,
      agreedPrice: booking.final_price ?? booking.price,
      isHomeVisit: booking.is_home_visit === 1,
      address:
        booking.is_home_visit === 1
          ? (booking.customer_address ?? '')
          : reader === 'customer'
            ? bookingBusinessAddress(shop, booking.status, 'customer')
            : '',
      link: `${this.deps.appUrl}${bookingCardPath(reader, booking.id)}`,
    });
    await this.deps.outbox.enqueue(trx, receiptEmail(booking.customer_email, facts('customer'), payment), {
      kind: 'receipt',
      recipientId: booking.customer_id,
      bookingId: booking.id,
    });
    if (business) {
      await this.deps.outbox.enqueue(trx, paymentReceivedEmail(business.email, facts('business'), payment), {
        kind: 'booking',
        recipientId: business.id,
        bookingId: booking.id,
      });
    }
  }
}

/** A deposit when the agreement asks for less than the agreed price. */
const paymentKind = (booking: BookingRow, amountPence: number): PaymentFacts['what'] =>
  amountPence < (booking.final_price ?? booking.price) * 100 ? 'deposit' : 'payment';
