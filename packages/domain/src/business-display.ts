import { MESSAGES } from './messages';

/**
 * How a business is shown to customers: on its booking page (the page, and the page shell the API
 * paints before any script: apps/api/src/plugins/booking-page-shell.ts), the list and the dashboard.
 */
interface NamedBusiness {
  FirstName: string;
  LastName: string;
  BusinessName: string;
}

/** The business's name, or "Unknown Business" when it has none. */
export const businessDisplayName = (business: Pick<NamedBusiness, 'BusinessName'>): string =>
  business.BusinessName.trim() || MESSAGES.unknownBusiness;

/** The person's name (first and last), or the business's name when both are empty. */
export const businessPersonName = (business: NamedBusiness): string =>
  `${business.FirstName} ${business.LastName}`.trim() || businessDisplayName(business);

/** Initials for an avatar: 'Aoife Byrne' → 'AB'; '?' when there is no name. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const initials = [firstName, lastName].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return initials || '?';
}

/** An address as one line: its comma- or line-separated parts joined with ', '. */
export const addressOnOneLine = (address: string): string =>
  address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

/** The business's cancellation policy (api-contract §8.4), said before the customer asks for a time. */
export const cancellationNoticeText = (businessName: string, hours: number): string =>
  `${businessName} asks for ${noticeHoursText(hours)} notice to cancel.`;

const noticeHoursText = (hours: number) => (hours === 1 ? "1 hour's" : `${hours} hours'`);

/**
 * (issue 29) On an agreed booking inside the business's notice, in place of Cancel: said before the
 * customer tries, with the way that is left.
 */
export const tooLateToCancelOnlineText = (businessName: string, hours: number): string =>
  `Too late to cancel online: ${businessName} asks for ${noticeHoursText(hours)} notice. Send them a message instead.`;
