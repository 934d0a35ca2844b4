import { ApiError } from '@/lib/api-client';
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

/** Field messages from a zod result or the server's 400, by field. */
export type FieldErrors = Record<string, string | undefined>;
export const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));

/** A failed save: the server's field messages on the form, anything else in a toast. */
export function failed(error: unknown, title: string, setErrors: (errors: FieldErrors) => void) {
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
    setErrors(error.fieldErrors);
    return;
  }
  toast.error({ title, message: serverMessageOf(error) ?? 'Please try again.' });
}
