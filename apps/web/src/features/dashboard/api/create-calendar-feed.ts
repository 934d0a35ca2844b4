import type { CalendarFeedResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /user/calendar-feed → { url }: a new secret feed URL; the previous one stops working. */
export const createCalendarFeed = (): Promise<CalendarFeedResponse> =>
  apiClient.post<CalendarFeedResponse>('/user/calendar-feed');

export const useCreateCalendarFeedMutation = () => useMutation({ mutationFn: createCalendarFeed });
