import { SLOT_HOLDING_STATUSES } from '@app/domain';
import { type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from '../db/database';
import type { AwayDatesTable, UsersTable } from '../db/schema';

/** Businesses written per UPDATE when their next free hours are kept. */
const SAVE_BATCH = 200;

/** Businesses customers may find and book: confirmed, listed Business and Admin accounts. */
const BOOKABLE_TYPES = ['Business', 'Admin'] as const;

/** What a business shows customers (no password hashes, emails or personal addresses). */
const SUMMARY_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'business_name',
  'business_description',
  'business_address',
  'show_full_address',
  'minimum_price',
  'home_visits_enabled',
  'home_visit_districts',
  'cancellation_notice_hours',
  'review_count',
  'review_sum',
] as const;
export type BusinessListingRow = Pick<Selectable<UsersTable>, (typeof SUMMARY_COLUMNS)[number]>;
/** What the public list needs of each business: its summary, hours and kept next free hour. */
const LISTING_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'availability',
  'slot_step_minutes',
  'next_available',
  'next_available_until',
] as const;
export type ListingRow = Pick<Selectable<UsersTable>, (typeof LISTING_COLUMNS)[number]>;
export type ListingAwayRow = Pick<
  Selectable<AwayDatesTable>,
  'user_id' | 'start_date' | 'end_date' | 'status'
>;

/** A business's first service's length and the members who do it (their own hours or null). */
export interface ListingTeam {
  durationMinutes: number;
  members: { id: string; availability: string | null; away_dates: string | null }[];
}

/** A business's services as the list shows them: names and lowest prices, in its order. */
export type ListingMenu = { name: string; minimumPrice: number }[];

export interface NextAvailable {
  id: string;
  next: string | null;
  until: string;
}

/** The reads behind GET /booking/businesses and /booking/towns, and the kept next free hour. */
export class ListingRepository {
  constructor(private readonly db: Db) {}

  /** Every listed business (users_listed_businesses_idx), in no particular order. */
  listListed(): Promise<ListingRow[]> {
    return this.listed().select(LISTING_COLUMNS).execute();
  }

  /**
   * The menus of every listed business (api-contract §9.3): each business's services' names and
   * lowest prices in its order, for the list's "From £X", its services line and `q`.
   */
  async listedMenus(): Promise<Map<string, ListingMenu>> {
    const rows = await this.db
      .selectFrom('services')
      .innerJoin('users', 'users.id', 'services.business_id')
      .where('users.user_type', 'in', BOOKABLE_TYPES)
      .where('users.is_listed', '=', 1)
      .where('users.is_confirmed', '=', 1)
      .select(['services.business_id', 'services.name', 'services.minimum_price'])
      .orderBy('services.business_id')
      .orderBy('services.position')
      .orderBy('services.created_at')
      .orderBy('services.id')
      .execute();
    const menus = new Map<string, ListingMenu>();
    for (const row of rows) {
      const menu = menus.get(row.business_id);
      if (menu) menu.push({ name: row.name, minimumPrice: row.minimum_price });
      else menus.set(row.business_id, [{ name: row.name, minimumPrice: row.minimum_price }]);
    }
    return menus;
  }

  /** The ids of every listed business, in id order (the sitemap's business pages). */
  listedIds(): Promise<Pick<ListingRow, 'id'>[]> {
    return this.listed().select('id').orderBy('id').execute();
  }

  /** The users customers may find and book (BOOKABLE_TYPES), before their columns are chosen. */
  private listed() {
    return this.db
      .selectFrom('users')
      .where('user_type', 'in', BOOKABLE_TYPES)
      .where('is_listed', '=', 1)
      .where('is_confirmed', '=', 1);
  }

  /**
   * Of `ids`, the listed businesses whose kept next free hour is due (`next_available_until` at or
   * before `now`, or '' after a write), with their hours. On PostgreSQL the rows stay locked until
   * the transaction ends, skipping any a booking or settings write holds: that write marks the row
   * due again when it commits, so what is computed here can never overwrite a newer change.
   */
  async lockDue(
    ids: readonly string[],
    now: string,
  ): Promise<Pick<ListingRow, 'id' | 'availability' | 'slot_step_minutes'>[]> {
    if (ids.length === 0) return [];
    let query = this.db
      .selectFrom('users')
      .select(['id', 'availability', 'slot_step_minutes'])
      .where('id', 'in', ids)
      .where('next_available_until', '<=', now);
    if (isPostgres(this.db)) query = query.forNoKeyUpdate().skipLocked();
    return query.execute();
  }

  /** Away periods of these businesses that have not ended by `today`. */
  awayDatesOf(ids: readonly string[], today: string): Promise<ListingAwayRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('away_dates')
      .select(['user_id', 'start_date', 'end_date', 'status'])
      .where('user_id', 'in', ids)
      .where('end_date', '>=', today)
      .execute();
  }

  /** Away periods of these businesses covering `day`. */
  awayDatesOn(ids: readonly string[], day: string): Promise<ListingAwayRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('away_dates')
      .select(['user_id', 'start_date', 'end_date', 'status'])
      .where('user_id', 'in', ids)
      .where('start_date', '<=', day)
      .where('end_date', '>=', day)
      .execute();
  }

  /**
   * Start times of these businesses' Approved/Confirmed bookings and members' blocks from `from`
   * (inclusive) and, when given, before `to` (bookings_agreed_starts_idx, member_blocks_business_starts).
   */
  heldTimesOf(
    ids: readonly string[],
    from: string,
    to?: string,
  ): Promise<
    { business_id: string; starts_at: string; duration_minutes: number; member_id: string | null }[]
  > {
    if (ids.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('bookings')
      .select(['business_id', 'starts_at', 'duration_minutes', 'member_id'])
      .where('business_id', 'in', ids)
      .where('status', 'in', SLOT_HOLDING_STATUSES)
      .where('starts_at', '>=', from);
    // And the time blocked on members' diaries (migration 0021), held as a booking holds it.
    let blocks = this.db
      .selectFrom('member_blocks')
      .select(['business_id', 'starts_at', 'duration_minutes', 'member_id'])
      .where('business_id', 'in', ids)
      .where('starts_at', '>=', from);
    if (to !== undefined) {
      query = query.where('starts_at', '<', to);
      blocks = blocks.where('starts_at', '<', to);
    }
    return query.unionAll(blocks).execute();
  }

  /**
   * What the list's next free time is worked out for (api-contract §9.3): each business's first
   * service and the members who do it, with their own hours (null: the business's). A business
   * not yet given §9.3's start is missing (its owner alone works its hours, an hour at a time).
   */
  async firstServiceTeamsOf(ids: readonly string[]): Promise<Map<string, ListingTeam>> {
    const teams = new Map<string, ListingTeam>();
    if (ids.length === 0) return teams;
    const services = await this.db
      .selectFrom('services')
      .select(['id', 'business_id', 'duration_minutes'])
      .where('business_id', 'in', ids)
      .orderBy('business_id')
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const firstServices = new Map<string, string>();
    for (const service of services) {
      if (teams.has(service.business_id)) continue;
      firstServices.set(service.business_id, service.id);
      teams.set(service.business_id, { durationMinutes: service.duration_minutes, members: [] });
    }
    if (firstServices.size === 0) return teams;
    const members = await this.db
      .selectFrom('team_members')
      .innerJoin('member_services', 'member_services.member_id', 'team_members.id')
      .select([
        'team_members.id',
        'team_members.business_id',
        'team_members.availability',
        'team_members.away_dates',
      ])
      .where('member_services.service_id', 'in', [...firstServices.values()])
      .orderBy('team_members.position')
      .orderBy('team_members.created_at')
      .orderBy('team_members.id')
      .execute();
    for (const member of members) {
      teams.get(member.business_id)?.members.push({
        id: member.id,
        availability: member.availability,
        away_dates: member.away_dates,
      });
    }
    return teams;
  }

  /** Keeps the recomputed next free hours: one UPDATE per SAVE_BATCH businesses. */
  async saveNextAvailable(rows: readonly NextAvailable[]): Promise<void> {
    for (let start = 0; start < rows.length; start += SAVE_BATCH) {
      const batch = rows.slice(start, start + SAVE_BATCH);
      const caseOf = (value: (row: NextAvailable) => string | null) =>
        sql<string>`case id ${sql.join(
          batch.map((row) => sql`when ${row.id} then cast(${value(row)} as text)`),
          sql` `,
        )} end`;
      await this.db
        .updateTable('users')
        .set({
          next_available: caseOf((row) => row.next),
          next_available_until: caseOf((row) => row.until),
        })
        .where(
          'id',
          'in',
          batch.map((row) => row.id),
        )
        .execute();
    }
  }
}
