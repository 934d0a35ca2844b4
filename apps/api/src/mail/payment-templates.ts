import { formatPence } from '@app/domain';
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
