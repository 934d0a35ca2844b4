// A shop's services and team (api-contract §9.3): what it sells, for how long, from what price, and
// who does it. No zod here (the schemas are service-schemas.ts): the booking page reads these rules
// on its first load.

export const SERVICE_NAME_MAX = 60;
export const SERVICE_DESCRIPTION_MAX = 300;
export const SERVICE_DURATION_MIN = 15;
export const SERVICE_DURATION_MAX = 240;
/** Durations are whole quarter hours. */
export const SERVICE_DURATION_STEP = 15;
export const MEMBER_NAME_MAX = 60;
/** A shop's menu and team stay a size a page can show. */
export const MAX_SERVICES = 50;
export const MAX_MEMBERS = 30;
/**
 * The customer id of a walk-in or phone booking the business made (issue 32 item 6): no account
 * has it, so every customer-side read, action, email and review leaves the booking out by itself.
 */
export const WALK_IN_CUSTOMER_ID = '';
/** Blocked times to come a business may hold at once (lunches, courses: issue 32 item 6). */
export const MAX_BLOCKS = 500;
export const BLOCK_REASON_MAX = 100;
/** A member's own away periods (a holiday of one barber) kept at once. */
export const MAX_MEMBER_AWAY_DATES = 50;

/** Every business starts with it (api-contract §9.3): an hour at its minimum price. */
export const DEFAULT_SERVICE_NAME = 'Appointment';
export const DEFAULT_SERVICE_MINUTES = 60;

/** The starts a business offers, this many minutes apart (PUT /user/booking-settings). */
export const SLOT_STEPS = [15, 30, 60] as const;
export type SlotStep = (typeof SLOT_STEPS)[number];
export const DEFAULT_SLOT_STEP: SlotStep = 60;

export const SERVICE_MESSAGES = {
  nameRequired: 'Please enter the service’s name',
  nameTooLong: `Service name must be ${SERVICE_NAME_MAX} characters or fewer`,
  duration: `Duration must be ${SERVICE_DURATION_MIN} to ${SERVICE_DURATION_MAX} minutes, in steps of ${SERVICE_DURATION_STEP}`,
  descriptionTooLong: `Description must be ${SERVICE_DESCRIPTION_MAX} characters or fewer`,
  lastService: 'A business offers at least one service: add another before removing this one.',
  tooManyServices: `A business can offer at most ${MAX_SERVICES} services.`,
  serviceNotFound: 'Service not found.',
  order: 'List every service of the business once, in the order to show them',
  memberNameRequired: 'Please enter the team member’s name',
  memberNameTooLong: `Name must be ${MEMBER_NAME_MAX} characters or fewer`,
  memberServices: 'Choose at least one service this team member does',
  unknownService: 'One of the services is not this business’s',
  lastMember: 'A business has at least one team member: add another before removing this one.',
  tooManyMembers: `A business can have at most ${MAX_MEMBERS} team members.`,
  memberNotFound: 'Team member not found.',
  memberHasBookings: 'This team member has agreed bookings to come: cancel or move them first.',
  memberBookingsOutside:
    'This team member has agreed bookings outside those hours or on those days away: cancel or move them first.',
  tooManyMemberAwayDates: `A team member can have at most ${MAX_MEMBER_AWAY_DATES} periods away.`,
  slotStep: `Choose starts every ${SLOT_STEPS.join(', ')} minutes`,
  blockMember: 'Choose whose diary to block',
  blockDate: 'Choose the day',
  blockStart: 'Choose when it starts',
  blockEnd: 'Choose when it ends',
  blockOrder: 'The end must be after the start',
  blockPast: 'Choose a time that is still ahead',
  blockTooFar: 'Choose a day within a year',
  blockReasonTooLong: `Reason must be ${BLOCK_REASON_MAX} characters or fewer`,
  blockOverlaps: 'This team member has an agreed booking in that time: move or cancel it first.',
  tooManyBlocks: `A business can have at most ${MAX_BLOCKS} blocked times to come.`,
  blockNotFound: 'Blocked time not found.',
  walkInName: 'Please enter the customer’s name',
  walkInNameTooLong: `Name must be ${MEMBER_NAME_MAX} characters or fewer`,
  walkInPhone: 'Enter a phone number of digits, spaces and an optional +',
  walkInDay: 'Choose a time from today, within a year',
  noMemberFree: 'Nobody who does this service is free then.',
} as const;

/** The duration rule (whole quarter hours from 15 minutes to 4 hours), or its message. */
export function serviceDurationError(minutes: number): string | null {
  return Number.isInteger(minutes) &&
    minutes >= SERVICE_DURATION_MIN &&
    minutes <= SERVICE_DURATION_MAX &&
    minutes % SERVICE_DURATION_STEP === 0
    ? null
    : SERVICE_MESSAGES.duration;
}

/** The durations a form offers: 15, 30, … 240 minutes. */
export const serviceDurationOptions = (): number[] =>
  Array.from(
    { length: (SERVICE_DURATION_MAX - SERVICE_DURATION_MIN) / SERVICE_DURATION_STEP + 1 },
    (_, index) => SERVICE_DURATION_MIN + index * SERVICE_DURATION_STEP,
  );

/** '45 min', '1 hour', '1 hr 30 min', '2 hours'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${hours} hr ${rest} min`;
}

export const isSlotStep = (value: number): value is SlotStep =>
  (SLOT_STEPS as readonly number[]).includes(value);

/**
 * A booking's service in words for its cards (api-contract §9.3): 'Skin fade · 30 min · with
 * Niamh'. Null for a booking of a shop's default service (an hour's 'Appointment'), whose cards
 * stay as spec §2 draws them.
 */
export function bookingServiceText(booking: {
  ServiceName: string | null;
  DurationMinutes: number;
  MemberName: string | null;
}): string | null {
  const isDefault =
    booking.ServiceName === null ||
    (booking.ServiceName === DEFAULT_SERVICE_NAME && booking.DurationMinutes === DEFAULT_SERVICE_MINUTES);
  if (isDefault) return null;
  const parts = [booking.ServiceName, formatDuration(booking.DurationMinutes)];
  if (booking.MemberName) parts.push(`with ${booking.MemberName}`);
  return parts.join(' · ');
}

/**
 * A business's menu in words for the list's card (api-contract §9.3): 'Skin fade · Beard trim'.
 * Null for a business with only its default 'Appointment', whose card stays as it was.
 */
export function menuText(services: readonly string[]): string | null {
  if (services.length === 0 || (services.length === 1 && services[0] === DEFAULT_SERVICE_NAME)) return null;
  return services.join(' · ');
}
