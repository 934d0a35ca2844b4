import { formatPence, PAYMENT_NOT_RECEIVED } from '@app/domain';
import type { MailMessage } from './mailer';
import { type BookingEmailFacts, bookingEmail } from './templates';

/** What a payment email says about the money (api-contract §9.2). */
export interface PaymentFacts {
  /** This payment, in pence. */
  amountPence: number;
  /** 'deposit' when it is a share of the agreed price. */
  what: 'deposit' | 'payment';
}

const paid = ({ amountPence, what }: PaymentFacts) => `${formatPence(amountPence)} ${what}`;

/** To the customer: the receipt (its subject starts 'Receipt:'). */
export const receiptEmail = (to: string, facts: BookingEmailFacts, payment: PaymentFacts): MailMessage =>
  bookingEmail(
    to,
    `Receipt: ${paid(payment)} to ${facts.businessName}`,
    `Thank you: your ${paid(payment)} to ${facts.businessName} has been paid.`,
    facts,
    [`Paid: ${formatPence(payment.amountPence)}`],
  );

/** To the business: the customer paid. */
export const paymentReceivedEmail = (
  to: string,
  facts: BookingEmailFacts,
  payment: PaymentFacts,
): MailMessage =>
  bookingEmail(
    to,
    `Payment received: ${paid(payment)} from ${facts.customerName}`,
    `${facts.customerName} has paid the ${paid(payment)} for this booking.`,
    facts,
    [`Paid: ${formatPence(payment.amountPence)}`],
  );

const owedOf = ({ amountPence, what }: PaymentFacts) => `${what} of ${formatPence(amountPence)}`;

/** To the customer: the payment asked for did not arrive by its deadline, so the system cancelled. */
export const paymentNotReceivedCustomerEmail = (
  to: string,
  facts: BookingEmailFacts,
  payment: PaymentFacts,
): MailMessage =>
  bookingEmail(
    to,
    `Your appointment with ${facts.businessName} was cancelled: payment not received`,
    `The ${owedOf(payment)} for this appointment was not paid in time, so it was cancelled and the time is free again. You can request another time.`,
    facts,
    [`Reason: ${PAYMENT_NOT_RECEIVED}`],
  );

/** To the business: the same cancellation, and that the hour is free again. */
export const paymentNotReceivedBusinessEmail = (
  to: string,
  facts: BookingEmailFacts,
  payment: PaymentFacts,
): MailMessage =>
  bookingEmail(
    to,
    `Appointment cancelled: ${facts.customerName} did not pay`,
    `${facts.customerName} did not pay the ${owedOf(payment)} in time, so the appointment was cancelled. The hour is free to book again.`,
    facts,
    [`Reason: ${PAYMENT_NOT_RECEIVED}`],
  );
