import type { NotificationSettings } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /user/notification-settings (api-contract §8.3): which optional emails the account gets
 * (booking updates, reminders, messages, marketing).
 */
export const getNotificationSettings = (): Promise<NotificationSettings> =>
  apiClient.get<NotificationSettings>('/user/notification-settings');

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notificationSettings, queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions());
