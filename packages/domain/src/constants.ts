/**
 * Business constants and limits (product spec §9). Every number the product uses lives here,
 * so changing a policy is one edit.
 */

export const PRODUCT_NAME = 'TrimTime NI';
/**
 * The Open Graph image every public page names (api-contract §9.1), served by the app itself (the
 * API's apps/api/assets/og-image.png); `og:image` is it under APP_URL.
 */
export const OG_IMAGE_PATH = '/og-image.png';
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const TIME_ZONE = 'Europe/London';

// Session
export const REMEMBER_ME_DAYS = 30;
export const REFRESH_LEAD_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

// UI timing
export const MOBILE_BREAKPOINT_PX = 768;
export const VALIDATION_DEBOUNCE_MS = 300;
export const PASSWORD_CHECKLIST_DEBOUNCE_MS = 1000;
export const RESEND_NOTICE_MS = 3000;
export const DELETE_REDIRECT_MS = 2000;
export const CALENDAR_FEEDBACK_MS = 5000;
export const CALENDAR_ERROR_FEEDBACK_MS = 3000;
export const TOAST_DURATIONS_MS = { success: 4000, error: 5000, warning: 4000, info: 3000 } as const;
/** Spec §8: 'Minimum price updated successfully!' shows for 3 s. */
export const MINIMUM_PRICE_TOAST_MS = 3000;
/** Loading toasts never close by themselves. */
export const LOADING_TOAST_AUTO_CLOSE = false;

// Ages (spec §5 "Inconsistency", api-contract §7: kept as the forms have them)
export const MIN_AGE_SIGNUP = 12;
export const MIN_AGE_INVITE = 16;
export const MIN_AGE_TERMS = 18;
export const MIN_BIRTHDATE = '1900-01-01';

// Accounts and codes
export const COUNTRY_CODES = ['+44', '+353'] as const;
export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;
export const CODE_MAX_ATTEMPTS = 5;
export const SIGNUP_CODE_TTL_HOURS = 24;
export const RESET_CODE_TTL_HOURS = 1;
/** A code sent to a new email address (PUT /user/update) before the change is applied. */
export const EMAIL_CHANGE_CODE_TTL_HOURS = 24;
export const PROFILE_NAME_MIN_LENGTH = 2;
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';

/** Delete account, last step: the person must type exactly 'DELETE MY ACCOUNT' (case and spaces included). */
export const isDeletePhrase = (text: string) => text === DELETE_ACCOUNT_PHRASE;

// Caps on every free-text field (server and client), so no input is unbounded.
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 50;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_PHONE_LENGTH = 20;
export const MAX_ADDRESS_PART_LENGTH = 100;
export const MAX_CODE_LENGTH = 64;
export const MAX_TOKEN_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_BUSINESS_NAME_LENGTH = 100;
export const MAX_POSTCODE_LENGTH = 10;
/** A customer address joined from its parts: four parts and their separators. */
export const MAX_JOINED_ADDRESS_LENGTH = 4 * MAX_ADDRESS_PART_LENGTH + 6;
export const MAX_INVITE_CODE_LENGTH = 128;
export const MAX_ID_LENGTH = 64;
export const MAX_SLOTS_PER_DAY = 24;
export const MAX_AWAY_DATES = 200;
/** Sanity cap on what a customer may offer (the business minimum is at most £1000). */
export const MAX_BOOKING_PRICE = 10_000;

// Invite wizard
export const INVITE_EXPIRY_HOURS = 48;
export const INVITE_WIZARD_STEPS = 4;
export const ADDRESS_MIN_LENGTH = 10;
export const ADDRESS_MAX_LENGTH = 200;
export const ADDRESS_MAX_LINES = 4;

// Prices (whole pounds)
export const MINIMUM_PRICE_DEFAULT = 25;
export const MINIMUM_PRICE_MIN = 1;
export const MINIMUM_PRICE_MAX = 1000;
export const COUNTER_PRICE_MIN = 1;
export const COUNTER_PRICE_MAX = 300;
/**
 * The booking wizard's preset offers: this many steps of this many pounds above the business's
 * minimum (issue 29, item 7, amending the spec's fixed £45–£80: a £20 shop offered nothing between
 * its minimum and £45).
 */
export const PRESET_PRICE_COUNT = 4;
export const PRESET_PRICE_STEP = 5;

// Bookings and availability
export const BOOKING_LIST_LIMIT = 1000;
export const BOOKING_DURATION_MINUTES = 60;
export const BOOKING_WINDOW_WEEKS = 4;
/** Bookable slots start on the hour of each availability range's start, one per hour. */
export const SLOT_STEP_MINUTES = 60;
export const SLOT_OPTION_START = '08:00';
export const SLOT_OPTION_END = '22:00';
export const SLOT_OPTION_STEP_MINUTES = 30;
export const DEFAULT_SLOT = { start: '09:00', end: '17:00' } as const;
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const ADMIN_LIST_SHOWN = 6;
/**
 * (ours) How many bookings each of Manage Requests' lists asks for at a time (api-contract §8.5):
 * its first load, pending work, the upcoming appointments and the history's first page, stays under
 * 50 KB of booking data for a shop with a long history (the benchmark's; a booking is about 1.1 KB
 * of JSON). Approved and Denied show ADMIN_LIST_SHOWN of theirs first.
 */
export const DASHBOARD_PAGE_SIZE = { pending: 16, upcoming: 12, history: 12 } as const;

// Away dates
export const AWAY_CALENDAR_MONTHS = 2;
export const AWAY_MAX_AHEAD_YEARS = 1;
export const AWAY_REASON_MAX_LENGTH = 100;

// Cancelling an agreed appointment (api-contract §8.4)
export const CANCELLATION_NOTICE_HOURS_MIN = 0;
export const CANCELLATION_NOTICE_HOURS_MAX = 72;
export const CANCELLATION_NOTICE_HOURS_DEFAULT = 0;
export const CANCELLATION_REASON_MAX_LENGTH = 200;
/** (ours) The most agreed bookings one change of hours or away dates may keep or cancel at once. */
export const MAX_AGREED_BOOKINGS_DECIDED = 1000;

// Data retention (legal text, api-contract §5)
export const BOOKING_HISTORY_YEARS = 7;

// Messages about a booking (api-contract §8.8): here rather than in booking-thread.ts, whose zod
// schemas would otherwise load with every signed-in page's live stream.
/** The web polls this often when the live stream is down. */
export const MESSAGES_POLL_SECONDS = 15;
