import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** DELETE /user/calendar-feed → 204: the feed URL answers 404 from then on. */
export const revokeCalendarFeed = (): Promise<void> => apiClient.delete<void>('/user/calendar-feed');

export const useRevokeCalendarFeedMutation = () => useMutation({ mutationFn: revokeCalendarFeed });
