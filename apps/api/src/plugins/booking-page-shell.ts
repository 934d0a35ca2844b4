import {
  type AvailableTimesResponse,
  addressOnOneLine,
  type BusinessSummary,
  bookingCalendarMonths,
  bookingWizardSteps,
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
/**
 * The wizard's first step as the page opens on it (features/booking: the Stepper, the step's card
 * with "Step 1 of N", its title and the calendar's month heading, DateTimeStep's legend), with a
 * placeholder for the calendar. `data-wizard` names the business and `data-steps` its steps:
 * index.html's loader removes the part when the page will open on another step (a `step` in the
 * address, or the tab's saved progress for this business, with a time chosen).
 */
function firstStep(business: BusinessSummary, slots: readonly string[], now: Date): string {
  const steps = bookingWizardSteps(business.homeVisitsEnabled);
  const stepper = steps
    .map(
      (step, index) =>
        `<span class="shell-step"${index === 0 ? ' data-active' : ''}><span class="shell-step-icon"><span>${index + 1}</span></span><span class="shell-step-label">${escapeHtml(step.label)}</span></span>`,
    )
    .join('<span class="shell-step-line"></span>');
  const months = bookingCalendarMonths(
    slots.map((slot) => slot.slice(0, 10)),
    now,
  );
  return [
    `<div class="shell-wizard" data-wizard="${escapeHtml(business.id)}" data-steps="${steps.map((step) => step.key).join(' ')}">`,
    `<div class="shell-stepper" aria-hidden="true">${stepper}</div>`,
    '<div class="shell-step-card">',
    `<p class="shell-step-of">Step 1 of ${steps.length}</p>`,
    `<h2>${escapeHtml(steps[0]?.label ?? '')}</h2>`,
    `<p class="shell-legend">${escapeHtml(months)}</p>`,
    '<div class="shell-block shell-calendar"></div>',
    '</div></div>',
  ].join('');
}

export function bookingPageShellHeading(
  business: BusinessSummary,
  slots: readonly string[] = [],
  now: Date = new Date(),
): string {
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
    // The page's data, which index.html's loader asks for at once for a signed-in visitor (the
    // page's own request, apps/web/src/features/booking/api/get-available-times.ts, takes the answer).
    `<div class="shell-heading" data-layout="booking" data-key="${escapeHtml(business.id)}" data-early="${escapeHtml(`/api/booking/available-times?businessId=${encodeURIComponent(business.id)}`)}">`,
    '<a class="shell-back" href="/businesses">← All barbers</a>',
    '<div class="shell-business">',
    `<span class="shell-avatar" aria-hidden="true">${escapeHtml(initialsOf(business.FirstName, business.LastName))}</span>`,
    '<div class="shell-business-text">',
    '<p class="shell-overline">Request an appointment</p>',
    `<h1>${escapeHtml(personName)}</h1>`,
    `<div class="shell-business-line"><span class="shell-business-name">${escapeHtml(businessName)}</span><span class="shell-badge">From £${business.minimumPrice}</span>${homeVisits}</div>`,
    addressLine,
    notice,
    '</div></div>',
    // A business with no free time opens on a note saying so instead.
    slots.length > 0 ? firstStep(business, slots, now) : '',
    '</div>',
  ].join('');
}

/** The booking page's path, as the router matches it (any case, decoded, an optional trailing slash). */
const BOOKING_PAGE = /^\/booking\/([^/]+)\/?$/i;

/**
 * For the web plugin's `pageHeading`: the header and first step of the business whose booking page
 * `path` is, from `findTimes` (the public GET /booking/available-times answer, null for a business
 * that is not bookable); undefined for any other path.
 */
export function bookingPageHeadings(
  findTimes: (businessId: string) => Promise<Pick<AvailableTimesResponse, 'business' | 'slots'> | null>,
  clock: () => Date = () => new Date(),
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
    const times = await findTimes(businessId);
    return times ? bookingPageShellHeading(times.business, times.slots ?? [], clock()) : undefined;
  };
}
