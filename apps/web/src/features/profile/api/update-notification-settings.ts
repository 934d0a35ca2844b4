import type { NotificationSettings, NotificationSettingsRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationSettingsQueryOptions } from './get-notification-settings';

/** PUT /user/notification-settings with all four settings → 200 the settings as saved. */
export const updateNotificationSettings = (
  settings: NotificationSettingsRequest,
): Promise<NotificationSettings> =>
  apiClient.put<NotificationSettings>('/user/notification-settings', settings);

export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, settings);
    },
  });
}
