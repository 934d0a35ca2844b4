import type {
  AgreedBookingsCheckResponse,
  AgreedBookingsDecision,
  Availability,
  AvailabilityRequest,
  UserProfile,
} from '@app/domain';
import { apiClient } from '@/lib/api-client';

/**
 * PUT /user/availability { availability, agreedBookings? } → 200 profile; 400 with the spec's
 * messages; 409 AgreedBookingsChanged when the hours leave out agreed bookings it does not decide.
 */
export const updateAvailability = (
  availability: Availability,
  agreedBookings?: AgreedBookingsDecision,
): Promise<UserProfile> =>
  apiClient.put<UserProfile>('/user/availability', {
    availability,
    ...(agreedBookings ? { agreedBookings } : {}),
  } satisfies AvailabilityRequest);

/** POST /user/availability/check: the agreed bookings these hours would leave out. */
export const checkAvailability = (availability: Availability): Promise<AgreedBookingsCheckResponse> =>
  apiClient.post<AgreedBookingsCheckResponse>('/user/availability/check', {
    availability,
  } satisfies AvailabilityRequest);
