// The numbers of verified reviews (api-contract §8.6, §8.9), in a module of their own with no imports:
// the public review policy page names them, and must not load the review rules' zod schemas and
// profanity word list with them.

export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;
/** A comment and a reply: at most this many characters once trimmed. */
export const REVIEW_TEXT_MAX_LENGTH = 1000;
/** A report's reason and a moderation reason. */
export const REVIEW_REASON_MAX_LENGTH = 500;
/** A review may be written, and edited, until this many days after the appointment's hour ended. */
export const REVIEW_WINDOW_DAYS = 30;
/** The average shows only from this many (visible) reviews up. */
export const REVIEW_AVERAGE_MIN_COUNT = 3;
/** GET /booking/reviews answers at most this many per page. */
export const REVIEW_PAGE_SIZE = 10;
/** Reports an account may make per window, then 429. */
export const REVIEW_REPORTS_PER_WINDOW = 10;
export const REVIEW_REPORTS_WINDOW_MINUTES = 60;
