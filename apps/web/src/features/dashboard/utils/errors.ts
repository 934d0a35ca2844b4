import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** The server's own message for a failed call (spec §8: shown where present), else null. */
export function serverMessageOf(error: unknown): string | null {
  // Status 0 is the client's own network message, not something the server said.
  return error instanceof ApiError && error.status > 0 && error.message ? error.message : null;
}

/**
 * The dashboard's failure toast: the spec's title with the server's message when the server
 * answered, else the spec's fallback text alone (e.g. 'Failed to save availability').
 */
export function showFailure(error: unknown, { title, fallback }: { title: string; fallback: string }) {
  const message = serverMessageOf(error);
  if (message) toast.error({ title, message });
  else toast.error(fallback);
}
