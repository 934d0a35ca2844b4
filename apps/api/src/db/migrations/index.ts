import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_one_open_invite_per_email';
import * as m0003 from './0003_booking_read_indexes';
import * as m0004 from './0004_notification_settings';
import * as m0005 from './0005_cancellation';
import * as m0006 from './0006_outbox';
import * as m0007 from './0007_show_full_address';
import * as m0008 from './0008_calendar_feeds';
import * as m0009 from './0009_next_available';
import * as m0010 from './0010_bookings_version';
import * as m0011 from './0011_booking_threads';
import * as m0012 from './0012_unread_thread_indexes';
import * as m0013 from './0013_reviews';
import * as m0014 from './0014_home_visit_districts';
import * as m0015 from './0015_payment_accounts';
import * as m0016 from './0016_booking_payments';
import * as m0017 from './0017_payment_deadlines';
import * as m0018 from './0018_services_and_team';
import * as m0019 from './0019_booking_services';
import * as m0020 from './0020_member_diaries';
import * as m0021 from './0021_member_blocks';
import * as m0022 from './0022_member_away_dates';
import * as m0023 from './0023_waitlist';
import * as m0024 from './0024_booking_moves';
import * as m0025 from './0025_catalog_version';
import * as m0026 from './0026_fewer_index_pages';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Names sort alphabetically in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_one_open_invite_per_email': m0002,
  '0003_booking_read_indexes': m0003,
  '0004_notification_settings': m0004,
  '0005_cancellation': m0005,
  '0006_outbox': m0006,
  '0007_show_full_address': m0007,
  '0008_calendar_feeds': m0008,
  '0009_next_available': m0009,
  '0010_bookings_version': m0010,
  '0011_booking_threads': m0011,
  '0012_unread_thread_indexes': m0012,
  '0013_reviews': m0013,
  '0014_home_visit_districts': m0014,
  '0015_payment_accounts': m0015,
  '0016_booking_payments': m0016,
  '0017_payment_deadlines': m0017,
  '0018_services_and_team': m0018,
  '0019_booking_services': m0019,
  '0020_member_diaries': m0020,
  '0021_member_blocks': m0021,
  '0022_member_away_dates': m0022,
  '0023_waitlist': m0023,
  '0024_booking_moves': m0024,
  '0025_catalog_version': m0025,
  '0026_fewer_index_pages': m0026,
};
