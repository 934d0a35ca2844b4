import {
  type AvailabilityResponse,
  type AwayDateResponse,
  MINIMUM_PRICE_DEFAULT,
  type NotificationSettings,
  type Rating,
  ratingAverage,
  type UserProfile,
} from '@app/domain';
import type { AwayDateRow, NotificationSettingsRow, UserRow } from '../../repositories/users.repository';

/** A business's rating from its kept totals of visible reviews (migration 0013). */
export function toRating(business: Pick<UserRow, 'review_count' | 'review_sum'>): Rating {
  return { average: ratingAverage(business.review_sum, business.review_count), count: business.review_count };
}

/** Stored availability JSON → the API's weekday map; anything unreadable reads as no hours. */
export function parseAvailability(json: string | null): AvailabilityResponse {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as AvailabilityResponse)
      : {};
  } catch {
    return {};
  }
}

export function toAwayDate(row: AwayDateRow): AwayDateResponse {
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    ...(row.reason ? { reason: row.reason } : {}),
    createdAt: Date.parse(row.created_at),
    status: row.status,
  };
}

/** The one place column names become the contract's profile fields. */
export function toUserProfile(user: UserRow, awayDates: AwayDateRow[] = []): UserProfile {
  const profile: UserProfile = {
    id: user.id,
    FirstName: user.first_name,
    LastName: user.last_name,
    Email: user.email,
    PhoneNumber: user.phone_number,
    Address: user.address,
    Birthdate: user.birthdate,
    UserType: user.user_type,
    PendingEmail: user.pending_email,
  };
  if (user.user_type === 'User') return profile;
  return {
    ...profile,
    BusinessName: user.business_name ?? '',
    BusinessAddress: user.business_address ?? '',
    BusinessDescription: user.business_description ?? '',
    minimumPrice: user.minimum_price ?? MINIMUM_PRICE_DEFAULT,
    homeVisitsEnabled: user.home_visits_enabled === 1,
    homeVisitDistricts: districtsOf(user.home_visit_districts),
    availability: parseAvailability(user.availability),
    awayDates: awayDates.map(toAwayDate),
    cancellationNoticeHours: user.cancellation_notice_hours,
    // The owner always sees the full address (api-contract §8.9); customers see the public form.
    showFullAddress: user.show_full_address === 1,
  };
}

/** The one place the notify_* flag columns become the contract's notification settings, and back. */
export function toNotificationSettings(row: NotificationSettingsRow): NotificationSettings {
  return {
    bookingUpdates: row.notify_booking_updates === 1,
    reminders: row.notify_reminders === 1,
    messages: row.notify_messages === 1,
    marketing: row.notify_marketing === 1,
  };
}

export function toNotificationSettingsRow(settings: NotificationSettings): NotificationSettingsRow {
  const flag = (value: boolean) => (value ? 1 : 0);
  return {
    notify_booking_updates: flag(settings.bookingUpdates),
    notify_reminders: flag(settings.reminders),
    notify_messages: flag(settings.messages),
    notify_marketing: flag(settings.marketing),
  };
}

/** The stored districts ('BT1,BT2') as a list; '' is none (anywhere). */
export const districtsOf = (stored: string | null | undefined): string[] => (stored ? stored.split(',') : []);

/** An away period as the slot rules read it (AwayDateRange). */
export const toAwayRange = (row: Pick<AwayDateRow, 'start_date' | 'end_date' | 'status'>) => ({
  startDate: row.start_date,
  endDate: row.end_date,
  status: row.status,
});
