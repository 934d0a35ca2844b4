import type { AttendanceRequest, BookingResult } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /booking/attendance: the business says whether the customer came to an agreed appointment
 * once it has started; a no-show keeps what was paid (api-contract §9.2).
 */
export const markAttendance = (request: AttendanceRequest): Promise<BookingResult> =>
  apiClient.patch<BookingResult>('/booking/attendance', request);

export function useMarkAttendanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
