/**
 * The typed shape of the database, as the repositories see it. Conventions (both dialects):
 * ids are uuid text; timestamps are ISO-8601 UTC text (`2025-01-31T09:00:00.000Z`), which sort and
 * compare correctly as strings; booleans are integers 0/1; booking times are wall-clock text
 * `YYYY-MM-DD HH:MM` in Europe/London; JSON lives in text columns.
 */
import type {
  Attendance,
  BookingActor,
  CancelledBy,
  PaymentMode,
  PaymentStatus,
  UserType,
} from '@app/domain';
import type { Generated } from 'kysely';

export type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  /** Lower-case; unique. */
  email: string;
  password_hash: string;
  user_type: UserType;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** Customer address, comma-joined (spec §3); the personal address for businesses. */
  address: string;
  birthdate: string | null;
  is_confirmed: Flag;
  confirmed_at: string | null;
  business_name: string | null;
  business_address: string | null;
  business_description: string | null;
  minimum_price: number | null;
  home_visits_enabled: Flag;
  /** The postcode districts it travels to for home visits, 'BT1,BT2' ('' anywhere; migration 0014). */
  home_visit_districts: string;
  /** Shown in GET /booking/businesses (the command-line Admin is unlisted). */
  is_listed: Flag;
  /** JSON: { Monday: [{ start, end }], ... } with empty days omitted. */
  availability: string | null;
  /** A requested email change waiting for its code. */
  pending_email: string | null;
  /** Bumped to end every access token issued before (password reset, deletion). */
  session_version: number;
  /** Notification settings: booking-event emails, reminders, message emails, marketing. */
  notify_booking_updates: Flag;
  notify_reminders: Flag;
  notify_messages: Flag;
  /** Starts as the sign-up form's marketing consent. */
  notify_marketing: Flag;
  /** Whole hours 0–72 before a booking until which its customer may cancel it online (0: until the start). */
  cancellation_notice_hours: number;
  /** 1: customers see the full business address; 0: only its town and postcode (api-contract §8.5). */
  show_full_address: Flag;
  /** The first bookable slot, kept with the business (migration 0009); null when none in the window. */
  next_available: string | null;
  /** ISO instant until which next_available holds by the clock alone; '' = recompute (a write changed the slots). */
  next_available_until: string;
  /** Plus one with every write to one of the business's bookings (migration 0010; decision 12). */
  bookings_version: number;
  /** Moved on by every change of the menu and team (migration 0025). */
  catalog_version: number;
  /** The business's visible (not hidden) reviews and the sum of their ratings (migration 0013). */
  review_count: number;
  review_sum: number;
  /** What the business asks for when a booking is agreed (api-contract §9.2; migration 0015). */
  payment_mode: PaymentMode;
  /** The deposit's whole percentage, 10–90 (used by payment_mode 'deposit'). */
  deposit_percent: number;
  /** How far apart the offered starts are: 15, 30 or 60 (migration 0018). */
  slot_step_minutes: number;
  created_at: string;
  updated_at: string;
}

export type CodePurpose = 'signup' | 'password_reset' | 'email_change';

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  /** For email_change: the address the code was sent to. */
  target_email: string | null;
  attempts: number;
  expires_at: string;
  /** Set when used, voided by a newer code, or exhausted. */
  consumed_at: string | null;
  created_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** One login: every rotation of a token keeps its family. */
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

/** Business invitations; at most one unused invite per email (a new invite replaces it). */
export interface InvitesTable {
  id: string;
  /** SHA-256 of the emailed code; the code itself is never stored. */
  code_hash: string;
  email: string;
  invited_by: string | null;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  created_at: string;
}

export type BookingStatusValue =
  | 'Requested'
  | 'Approved'
  | 'Denied'
  | 'Countered'
  | 'Confirmed'
  | 'Declined'
  | 'Cancelled';

export interface BookingsTable {
  id: string;
  /** No foreign key: bookings outlive deleted accounts for 7 years (api-contract §3, §5). */
  business_id: string;
  customer_id: string;
  status: BookingStatusValue;
  /** `YYYY-MM-DD HH:MM`, Europe/London wall clock: the start (it lasts `duration_minutes`). */
  starts_at: string;
  price: number;
  original_price: number | null;
  counter_price: number | null;
  final_price: number | null;
  is_home_visit: Flag;
  customer_address: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  barber_name: string;
  business_name: string;
  /** Set when the booking becomes Cancelled. */
  cancelled_by: CancelledBy | null;
  /** The business's reason when it cancelled an agreed appointment. */
  cancellation_reason: string | null;
  /** Where its money stands (api-contract §9.2; migration 0016). */
  payment_status: Generated<PaymentStatus>;
  /** What the agreement asks for, in pence (0 when nothing is asked online). */
  amount_due_pence: Generated<number>;
  /** ISO instant by which a Due payment must arrive; null when none is due. */
  payment_due_by: string | null;
  amount_paid_pence: Generated<number>;
  amount_refunded_pence: Generated<number>;
  /** The business's word after the start: 'Attended' or 'NoShow'. */
  attendance: Attendance | null;
  /** 1 while a refund of it is refused or out of reach and waits to be tried again (migration 0017). */
  refund_retrying: Generated<Flag>;
  /** The service asked for, its name and duration then (migration 0019; 60 minutes before it). */
  service_id: string | null;
  service_name: string | null;
  duration_minutes: Generated<number>;
  /** The team member doing it; null until one is set. */
  member_id: string | null;
  member_name: string | null;
  /** The start it was moved from, last time it moved (migration 0024); null if never moved. */
  rescheduled_from: string | null;
  /** How many times it moved: its calendar file's SEQUENCE. */
  move_count: Generated<number>;
  /** Its one open proposal of a new time, if any: id, the proposed start, who proposed, when. */
  move_proposal_id: string | null;
  move_proposed_to: string | null;
  move_proposed_by: BookingActor | null;
  move_proposed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BookingTransitionsTable {
  id: string;
  booking_id: string;
  from_status: BookingStatusValue | null;
  to_status: BookingStatusValue;
  actor_id: string | null;
  price: number | null;
  created_at: string;
}

export interface AwayDatesTable {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  reason: string | null;
  status: string;
  created_at: string;
}

export interface RateLimitsTable {
  /** e.g. `ip:login:203.0.113.9` or `fail:login:someone@example.com`. */
  key: string;
  window_start: string;
  count: number;
  blocked_until: string | null;
}

/** `messages`: a thread's unread messages (api-contract §8.8), written when it is sent. */
/** `review_invite`: after an agreed appointment, the invitation to review it (api-contract §8.6). */
export type OutboxKind =
  | 'code'
  | 'invite'
  | 'security'
  | 'booking'
  | 'reminder'
  | 'messages'
  | 'review_invite'
  /** A receipt for a payment (api-contract §9.2): always sent, to the address it was paid from. */
  | 'receipt'
  /** A time opened on a day the customer waits for (api-contract §9.4). */
  | 'waitlist';
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** One email and its delivery (migration 0006). Times are ISO-8601 UTC. */
export interface OutboxTable {
  id: string;
  /** `<uuid@APP_URL host>`, the same for every try. */
  message_id: string;
  kind: OutboxKind;
  status: OutboxStatus;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON of `MailAttachment[]`, or null. */
  attachments: string | null;
  recipient_id: string | null;
  booking_id: string | null;
  dedupe_key: string | null;
  attempts: Generated<number>;
  not_before: string;
  /** After this a failed try is final. */
  give_up_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** A business's secret calendar feed (migration 0008): one per account, only the token's hash. */
export interface CalendarFeedsTable {
  user_id: string;
  /** SHA-256 (hex) of the URL's token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
}

/** Who wrote a thread line: one of the booking's two parties, or the system (a status change). */
export type ThreadSenderValue = 'customer' | 'business' | 'system';

/** A booking's thread (migration 0011): its line counter and each party's read position. */
export interface BookingThreadsTable {
  booking_id: string;
  customer_id: string;
  business_id: string;
  /** The seq of the thread's last line; the next line takes last_seq + 1 under this row's lock. */
  last_seq: number;
  /** The seq of the last line each party has read (0: none). */
  customer_read_seq: number;
  business_read_seq: number;
  created_at: string;
}

/** One line of a booking's thread (migration 0011): a party's message, or a status change. */
export interface BookingMessagesTable {
  id: string;
  booking_id: string;
  /** 1, 2, 3 … within the booking, in commit order; unique per booking. */
  seq: number;
  sender: ThreadSenderValue;
  /** The writer's account; null for system lines. */
  sender_id: string | null;
  /** Plain text as typed; '' for system lines (their text is made when read). */
  body: string;
  /** The status a system line moved the booking to; null for messages. */
  status: BookingStatusValue | null;
  /** The price a system line's change recorded; null otherwise. */
  price: number | null;
  created_at: string;
}

/** A customer's review of one booking (migration 0013); at most one per booking. */
export interface ReviewsTable {
  id: string;
  booking_id: string;
  business_id: string;
  customer_id: string;
  /** Whole stars 1–5. */
  rating: number;
  /** Plain text as written; '' when none. */
  comment: string;
  /** "Aisling B.", captured when written. */
  author_name: string;
  /** 'YYYY-MM-DD': the appointment's day. */
  visited_on: string;
  /** The business's reply (it replaces the previous one); null when none. */
  reply: string | null;
  reply_at: string | null;
  /** 1: hidden by the Admin (off the public page and the average). */
  hidden: Flag;
  hidden_reason: string | null;
  hidden_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One account's report of a review (migration 0013); one per account and review. */
export interface ReviewReportsTable {
  id: string;
  review_id: string;
  reporter_id: string;
  reason: string;
  created_at: string;
}

/** A business's payout account at the payment provider (migration 0015): at most one per business. */
export interface PaymentAccountsTable {
  business_id: string;
  /** 'stripe' or 'development': the provider that holds the account. */
  provider: string;
  /** The provider's id of the account (Stripe's acct_…). */
  account_ref: string;
  /** 'pending' until the provider says it can take payments, then 'active'. */
  status: 'pending' | 'active';
  created_at: string;
  updated_at: string;
}

/** One movement of money (migration 0016): a charge through a checkout, or a refund. */
export interface PaymentsTable {
  id: string;
  booking_id: string;
  kind: 'charge' | 'refund';
  amount_pence: number;
  provider: string;
  /** The provider's id: a checkout session (a charge), a refund; null until it has one. */
  provider_ref: string | null;
  /** A refund: the charge (its ledger id) it gives back. */
  refund_of: string | null;
  /** A charge: 'pending' (checkout open), 'succeeded', 'expired'. A refund: 'pending', 'succeeded'. */
  status: 'pending' | 'succeeded' | 'expired' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A provider event already handled (migration 0016): handling one again changes nothing. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export interface Database {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  refresh_tokens: RefreshTokensTable;
  invites: InvitesTable;
  bookings: BookingsTable;
  booking_transitions: BookingTransitionsTable;
  away_dates: AwayDatesTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  calendar_feeds: CalendarFeedsTable;
  booking_threads: BookingThreadsTable;
  booking_messages: BookingMessagesTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  payment_accounts: PaymentAccountsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  services: ServicesTable;
  team_members: TeamMembersTable;
  waitlist_entries: WaitlistEntriesTable;
  member_services: MemberServicesTable;
  member_blocks: MemberBlocksTable;
}

/** A business's menu (migration 0018, api-contract §9.3), in its order. */
export interface ServicesTable {
  id: string;
  business_id: string;
  name: string;
  /** 15 to 240, a multiple of 15. */
  duration_minutes: number;
  /** Whole pounds: the lowest offer a request for it may make. */
  minimum_price: number;
  description: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A customer waiting for a time at a business on a day (migration 0023). */
export interface WaitlistEntriesTable {
  id: string;
  customer_id: string;
  business_id: string;
  /** 'YYYY-MM-DD', NI wall clock. */
  date: string;
  created_at: string;
}

/** Who works at a business (migration 0018), in its order. */
export interface TeamMembersTable {
  id: string;
  business_id: string;
  name: string;
  /** Their own weekly hours (JSON, the business's shape); null: the business's. */
  availability: string | null;
  /** Their own away periods (JSON, the business's away-dates shape, migration 0022); null: none. */
  away_dates: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** Who does what (migration 0018). */
export interface MemberServicesTable {
  member_id: string;
  service_id: string;
}

/** Time blocked on one member's diary (migration 0021): held as an agreed booking holds it. */
export interface MemberBlocksTable {
  id: string;
  business_id: string;
  member_id: string;
  /** `YYYY-MM-DD HH:MM`, Europe/London wall clock. */
  starts_at: string;
  duration_minutes: number;
  /** The business's own note (never shown to customers). */
  reason: string | null;
  created_at: string;
}
