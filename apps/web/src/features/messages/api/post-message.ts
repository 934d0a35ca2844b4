import type { PostMessageRequest, ThreadMessage, ThreadResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withThreadLines } from '../utils/thread-lines';

/**
 * POST /booking/messages { bookingId, body } → 201 the new line (api-contract §8.8); 409
 * ThreadClosed once the thread has closed, 429 after MESSAGES_PER_WINDOW in the window.
 */
export const postMessage = (request: PostMessageRequest): Promise<ThreadMessage> =>
  apiClient.post<ThreadMessage>('/booking/messages', request);

/** Sends a message; the new line joins the kept thread, and a closed thread is kept as closed. */
export function usePostMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMessage,
    onSuccess: (line, { bookingId }) => {
      queryClient.setQueryData<ThreadResponse>(queryKeys.bookingThread(bookingId), (thread) =>
        withThreadLines(thread, [line]),
      );
    },
    onError: (error, { bookingId }) => {
      if (error instanceof ApiError && error.code === 'ThreadClosed') {
        queryClient.setQueryData<ThreadResponse>(queryKeys.bookingThread(bookingId), (thread) =>
          withThreadLines(thread, [], false),
        );
      }
    },
  });
}
