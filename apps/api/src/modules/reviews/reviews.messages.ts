/** The server's own review messages (the ones the web shows too are REVIEW_MESSAGES in @app/domain). */
export const REVIEW_API_MESSAGES = {
  /** PUT /booking/review for a booking the caller has not reviewed. */
  noReviewYet: 'You have not reviewed this appointment yet',
  cursor: 'cursor is not a page of these reviews',
  replied: 'Reply saved',
  reported: 'Thank you: the review has been reported to the moderators',
  hidden: 'Review hidden',
  restored: 'Review restored',
} as const;
