import { type ServerMessageOptions, serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';

/**
 * The dashboard's messages for a failed call: what the server answered, its bare status text too,
 * but not the client's own network message (the spec's fallback text says that).
 */
export const DASHBOARD_FAILURE: ServerMessageOptions = { includeStatusText: true };

/**
 * The dashboard's failure toast: the spec's title with the server's message when the server
 * answered, else the spec's fallback text alone (e.g. 'Failed to save availability').
 */
export function showFailure(error: unknown, { title, fallback }: { title: string; fallback: string }) {
  const message = serverMessageOf(error, DASHBOARD_FAILURE);
  if (message) toast.error({ title, message });
  else toast.error(fallback);
}
