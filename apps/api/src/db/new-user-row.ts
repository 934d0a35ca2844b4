import { CANCELLATION_NOTICE_HOURS_DEFAULT, DEFAULT_PAYMENT_SETTINGS, DEFAULT_SLOT_STEP } from '@app/domain';
import type { UsersTable } from './schema';

/** What every new account states; the other columns start from the values below. */
export type NewUser = Pick<
  UsersTable,
  | 'id'
  | 'email'
  | 'password_hash'
  | 'user_type'
  | 'first_name'
  | 'last_name'
  | 'phone_number'
  | 'address'
  | 'birthdate'
  | 'created_at'
> &
  Partial<UsersTable>;

/**
 * A new row of the users table (sign-up, invite, command-line Admin, demo seed, test accounts): not
 * confirmed, no business details, unlisted, session version 0, booking-update, reminder and message
 * emails on and marketing off, the full business address shown, updated when created, unless `user` says otherwise. Beside the schema
 * rather than the users repository, so that the demo seed (db/) can use it too.
 */
export function newUserRow(user: NewUser): UsersTable {
  return {
    is_confirmed: 0,
    confirmed_at: null,
    business_name: null,
    business_address: null,
    business_description: null,
    minimum_price: null,
    home_visits_enabled: 0,
    home_visit_districts: '',
    is_listed: 0,
    availability: null,
    pending_email: null,
    session_version: 0,
    notify_booking_updates: 1,
    notify_reminders: 1,
    notify_messages: 1,
    notify_marketing: 0,
    cancellation_notice_hours: CANCELLATION_NOTICE_HOURS_DEFAULT,
    show_full_address: 1,
    next_available: null,
    next_available_until: '',
    bookings_version: 0,
    catalog_version: 0,
    review_count: 0,
    review_sum: 0,
    payment_mode: DEFAULT_PAYMENT_SETTINGS.mode,
    deposit_percent: DEFAULT_PAYMENT_SETTINGS.depositPercent,
    slot_step_minutes: DEFAULT_SLOT_STEP,
    updated_at: user.created_at,
    ...user,
  };
}
