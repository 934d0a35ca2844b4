/** The server's own messages about accounts (the spec's strings live in @app/domain MESSAGES). */
export const USER_MESSAGES = {
  /** An unknown business, or one that is not bookable (yet). */
  businessNotFound: 'Business not found.',
} as const;
