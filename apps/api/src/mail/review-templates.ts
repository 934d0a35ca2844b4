import { PRODUCT_NAME } from '@app/domain';
import { actionLink, paragraph } from './layout';
import type { MailMessage } from './mailer';
import { addressOf, email, formatBookingTime } from './templates';

// The emails about reviews (api-contract §8.6).

/** What the review invitation says (api-contract §8.6). */
export interface ReviewInviteFacts {
  businessName: string;
  bookingDateTime: string;
  /** Where the customer writes it: their bookings on the profile. */
  link: string;
  /** The last day a review may be written ('Friday 12 June 2026'). */
  writeBy: string;
}

/**
 * After an agreed appointment's hour: the customer is asked how it went. Not a reminder (its subject
 * never starts `Reminder:`); sent only while the booking is still agreed and not yet reviewed.
 */
export function reviewInviteEmail(to: string, facts: ReviewInviteFacts): MailMessage {
  const when = formatBookingTime(facts.bookingDateTime);
  const headline = `How was your appointment with ${facts.businessName} on ${when}?`;
  const body = `Your review helps other customers choose, and only customers who had an appointment can write one. You can review it until ${facts.writeBy}.`;
  return email(
    to,
    `How was your appointment with ${facts.businessName}?`,
    `${headline}\n\n${body}\n\nWrite your review here: ${facts.link}\n\n${PRODUCT_NAME}`,
    paragraph(headline, 'font-size:18px;font-weight:700') +
      paragraph(body) +
      actionLink(facts.link, 'Write your review'),
  );
}

/** What an email about a hidden review says. */
export interface ReviewHiddenFacts {
  businessName: string;
  /** The appointment's day, 'YYYY-MM-DD'. */
  visitedOn: string;
  /** The Admin's reason. */
  reason: string;
  link: string;
}

function reviewHiddenEmail(
  to: string,
  subject: string,
  headline: string,
  facts: ReviewHiddenFacts,
): MailMessage {
  const lines = [
    `Reason: ${facts.reason}`,
    'Hidden reviews no longer show on the business’s page or count towards its rating.',
  ];
  return email(
    to,
    subject,
    `${headline}\n\n${lines.join('\n\n')}\n\n${facts.link}\n\n${PRODUCT_NAME}`,
    paragraph(headline) +
      lines.map((line) => paragraph(line, 'white-space:pre-wrap')).join('') +
      actionLink(facts.link, `Open ${PRODUCT_NAME}`) +
      addressOf(facts.link),
  );
}

/** To the review's author: the Admin hid it, with the reason. */
export const reviewHiddenAuthorEmail = (to: string, facts: ReviewHiddenFacts) =>
  reviewHiddenEmail(
    to,
    `Your review of ${facts.businessName} was hidden`,
    `Our moderators hid your review of your appointment with ${facts.businessName} on ${formatBookingTime(facts.visitedOn)}.`,
    facts,
  );

/** To the reviewed business: the Admin hid one of its reviews, with the reason. */
export const reviewHiddenBusinessEmail = (to: string, facts: ReviewHiddenFacts) =>
  reviewHiddenEmail(
    to,
    'A review of your business was hidden',
    `Our moderators hid a review of ${facts.businessName} (appointment on ${formatBookingTime(facts.visitedOn)}).`,
    facts,
  );
