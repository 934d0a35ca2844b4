import { PRODUCT_NAME } from '@app/domain';
import { actionLink, paragraph } from './layout';
import type { MailMessage } from './mailer';
import { addressOf, email, formatBookingTime } from './templates';

/** What the email of an opened time says (api-contract §9.4). */
export interface TimeOpenedFacts {
  businessName: string;
  /** The day waited for, 'YYYY-MM-DD'. */
  date: string;
  /** The business's page, on that day. */
  link: string;
}

/** To a customer waiting for a day: a time opened there (once per opening). */
export function timeOpenedEmail(to: string, facts: TimeOpenedFacts): MailMessage {
  const day = formatBookingTime(facts.date);
  const headline = `A time opened at ${facts.businessName} on ${day}.`;
  const body =
    'You asked to hear when a time opens that day. Times go to whoever asks first, so book soon if it suits you.';
  return email(
    to,
    `A time opened at ${facts.businessName}`,
    `${headline}\n\n${body}\n\nSee the times: ${facts.link}\n\n${PRODUCT_NAME}`,
    paragraph(headline, 'font-size:18px;font-weight:700') +
      paragraph(body) +
      actionLink(facts.link, 'See the times') +
      addressOf(facts.link),
  );
}
