import { THREAD_PAGE_SIZE, type ThreadMessage, type ThreadResponse } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withThreadLines } from '../utils/thread-lines';

/**
 * GET /booking/messages?bookingId=&after= (api-contract §8.8): the thread's lines after `after` (a
 * line's id; from the first without it), oldest first, at most THREAD_PAGE_SIZE an answer, and
 * whether the thread is still open.
 */
export function getThreadPage(
  { bookingId, after }: { bookingId: string; after?: string | undefined },
  signal?: AbortSignal,
): Promise<ThreadResponse> {
  const query = new URLSearchParams({ bookingId, ...(after ? { after } : {}) });
  return apiClient.get<ThreadResponse>(`/booking/messages?${query}`, { signal });
}

// A bound on one read, should a server keep answering full pages.
const MAX_PAGES = 50;

/** Every line after `after`, page after page: a full page means there may be more. */
export async function getThreadLinesAfter(
  bookingId: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<{ messages: ThreadMessage[]; open: boolean }> {
  const messages: ThreadMessage[] = [];
  let open = true;
  let cursor = after;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getThreadPage({ bookingId, after: cursor }, signal);
    messages.push(...answer.messages);
    open = answer.open;
    const last = answer.messages.at(-1);
    if (answer.messages.length < THREAD_PAGE_SIZE || !last) break;
    cursor = last.id;
  }
  return { messages, open };
}

/**
 * One thread, read once in full and then only from its last known line: a refetch (opening the
 * thread again, the polling while the live stream is down, a reconnect) asks for what is new.
 */
export const bookingThreadQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookingThread(bookingId),
    queryFn: async ({ client, queryKey, signal }): Promise<ThreadResponse> => {
      const after = client.getQueryData<ThreadResponse>(queryKey)?.messages.at(-1)?.id;
      const { messages, open } = await getThreadLinesAfter(bookingId, after, signal);
      // Merged with the thread as kept now, not as it was asked: a live line may have come meanwhile.
      return withThreadLines(client.getQueryData<ThreadResponse>(queryKey), messages, open);
    },
    // Asking again costs only the new lines, and lines may have come while nobody was listening.
    staleTime: 0,
  });
