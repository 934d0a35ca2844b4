import type {
  AgreedBookingsCheckResponse,
  AgreedBookingsDecision,
  AwayDateEntry,
  AwayDatesRequest,
  UserProfile,
} from '@app/domain';
import { apiClient } from '@/lib/api-client';

/**
 * PUT /user/away-dates { awayDates, agreedBookings? } → 200 profile. The whole list replaces the
 * stored one: entries sent with their id keep it (and createdAt); entries without one are new.
 * 409 AgreedBookingsChanged when the list falls on agreed bookings it does not decide.
 */
export const updateAwayDates = (
  awayDates: AwayDateEntry[],
  agreedBookings?: AgreedBookingsDecision,
): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/away-dates', {
    awayDates,
    ...(agreedBookings ? { agreedBookings } : {}),
  } satisfies AwayDatesRequest);

/** POST /user/away-dates/check: the agreed bookings this list would fall on. */
export const checkAwayDates = (awayDates: AwayDateEntry[]): Promise<AgreedBookingsCheckResponse> =>
  apiClient.post<AgreedBookingsCheckResponse>('/user/away-dates/check', {
    awayDates,
  } satisfies AwayDatesRequest);
