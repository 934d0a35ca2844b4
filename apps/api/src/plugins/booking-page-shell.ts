import {
  addressOnOneLine,
  type BusinessSummary,
  businessDisplayName,
  businessPersonName,
  cancellationNoticeText,
  directionsUrl,
  initialsOf,
} from '@app/domain';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** components/icons.tsx's IconMapPin, as the page draws it. */
const mapPin = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11z"></path><circle cx="12" cy="10" r="2.5"></circle></svg>`;

/**
 * The booking page's header (apps/web/src/features/booking/components/booking-wizard.tsx,
 * BusinessHeader, with the "All barbers" link above it) as the page shell paints it, before any
 * script: the same words, in the same boxes (index.html's CSS for `data-layout="booking"`, checked
 * by the page-shell journey at 375 and 1280 px). The app keeps it on screen while the page's data
 * loads, so the customer sees whose page this is at once.
 */
export function bookingPageShellHeading(business: BusinessSummary): string {
  const personName = businessPersonName(business);
  const businessName = businessDisplayName(business);
  const address = addressOnOneLine(business.BusinessAddress);
  const homeVisits = business.homeVisitsEnabled
    ? `<span class="shell-badge" data-color="copper">${mapPin(12)}Home visits</span>`
    : '';
  const addressLine = address
    ? `<div class="shell-address"><span class="shell-pin" aria-hidden="true">${mapPin(14)}</span><span class="shell-address-text"><span class="shell-sr">Address: </span>${escapeHtml(address)} <a href="${escapeHtml(directionsUrl(business.BusinessAddress))}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(`Directions to ${businessName} (opens in a new tab)`)}">Directions</a></span></div>`
    : '';
  const notice =
    business.cancellationNoticeHours > 0
      ? `<p class="shell-notice">${escapeHtml(cancellationNoticeText(businessName, business.cancellationNoticeHours))}</p>`
      : '';
  return [
    `<div class="shell-heading" data-layout="booking" data-key="${escapeHtml(business.id)}">`,
    '<a class="shell-back" href="/businesses">← All barbers</a>',
    '<div class="shell-business">',
    `<span class="shell-avatar" aria-hidden="true">${escapeHtml(initialsOf(business.FirstName, business.LastName))}</span>`,
    '<div class="shell-business-text">',
    '<p class="shell-overline">Request an appointment</p>',
    `<h1>${escapeHtml(personName)}</h1>`,
    `<div class="shell-business-line"><span class="shell-business-name">${escapeHtml(businessName)}</span><span class="shell-badge">From £${business.minimumPrice}</span>${homeVisits}</div>`,
    addressLine,
    notice,
    '</div></div></div>',
  ].join('');
}

/** The booking page's path, as the router matches it (any case, decoded, an optional trailing slash). */
const BOOKING_PAGE = /^\/booking\/([^/]+)\/?$/i;

/**
 * For the web plugin's `pageHeading`: the header of the business whose booking page `path` is, from
 * `findBusiness` (the public GET /booking/available-times answer, null for a business that is not
 * bookable); undefined for any other path.
 */
export function bookingPageHeadings(
  findBusiness: (businessId: string) => Promise<BusinessSummary | null>,
): (path: string) => Promise<string | undefined> {
  return async (path) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    const businessId = BOOKING_PAGE.exec(decoded)?.[1];
    if (businessId === undefined) return undefined;
    const business = await findBusiness(businessId);
    return business ? bookingPageShellHeading(business) : undefined;
  };
}
