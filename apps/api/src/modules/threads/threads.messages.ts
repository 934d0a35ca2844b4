/** The server's own thread messages (the ones the web shows too are THREAD_MESSAGES in @app/domain). */
export const THREAD_API_MESSAGES = {
  /** `after` or `upTo` names no line of this booking's thread. */
  notInThread: (field: 'after' | 'upTo') => `${field} is not a message of this conversation`,
} as const;
