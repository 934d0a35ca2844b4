import type { ThreadMessage, ThreadResponse } from '@app/domain';

/**
 * A thread's lines as the web keeps them: each once, oldest first. Lines reach the web three ways
 * (the thread's pages, the live stream, the answer to the reader's own message), sometimes the same
 * line twice: every way goes through here.
 */
export function mergeThreadLines(
  known: readonly ThreadMessage[],
  incoming: readonly ThreadMessage[],
): ThreadMessage[] {
  const ids = new Set(known.map((line) => line.id));
  const added = incoming.filter((line) => {
    if (ids.has(line.id)) return false;
    ids.add(line.id);
    return true;
  });
  if (added.length === 0) return known as ThreadMessage[];
  // Stable: lines written in the same millisecond keep the order the server gave them.
  return [...known, ...added].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** A kept thread with these lines added (a thread not kept yet starts with them, open). */
export function withThreadLines(
  thread: ThreadResponse | undefined,
  incoming: readonly ThreadMessage[],
  open?: boolean,
): ThreadResponse {
  const messages = mergeThreadLines(thread?.messages ?? [], incoming);
  const isOpen = open ?? thread?.open ?? true;
  return thread && messages === thread.messages && isOpen === thread.open
    ? thread
    : { messages, open: isOpen };
}
