import { MESSAGES_POLL_SECONDS } from '@app/domain';

/** How often the unread counts and an open thread are asked for while the live stream is down. */
export const POLL_INTERVAL_MS = MESSAGES_POLL_SECONDS * 1000;
