import { createHash } from 'node:crypto';
import {
  addDays,
  assertNever,
  BUSINESS_SEARCH_MESSAGES,
  type BusinessesQuery,
  type BusinessesResponse,
  type BusinessSort,
  type BusinessSummary,
  bookingTimeOf,
  heldTimesFrom,
  londonWallClockToUtc,
  searchWords,
  type TeamSlotRules,
  type TownsResponse,
  teamBookableSlotsOn,
  teamFirstBookableSlot,
  todayInLondon,
  townKey,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  type ListingAwayRow,
  ListingRepository,
  type ListingRow,
  type ListingTeam,
  type NextAvailable,
} from '../../repositories/listing.repository';
import { toBusinessSummary } from '../bookings/bookings.mapper';
import { diariesOf } from '../bookings/team-diaries';
import { parseAvailability, toAwayRange } from '../users/users.mapper';

// NOTE: one collator for every sort: localeCompare with a locale builds one per call (~50x slower).
const nameOrder = new Intl.Collator('en-GB', { sensitivity: 'base' });

/** A business's place in an order: compared position by position; the last is always its id. */
type SortKey = (string | number | null)[];

const CursorSchema = z.object({
  f: z.string().max(64),
  k: z
    .array(z.union([z.string().max(300), z.number(), z.null()]))
    .min(2)
    .max(6),
});

const invalidField = (field: string, message: string) =>
  new AppError('ValidationError', message, undefined, { [field]: message });

function sortKeyOf(business: BusinessSummary, sort: BusinessSort): SortKey {
  const byName = [business.BusinessName, business.LastName, business.FirstName, business.id];
  switch (sort) {
    case 'next':
      return [business.nextAvailable, ...byName];
    case 'price':
      return [business.minimumPrice, ...byName];
    case 'rating': {
      // Highest average first, then more reviews; without an average (fewer than 3): after the
      // rest, by name. Negated, because numbers compare ascending.
      const { average, count } = business.rating;
      return average === null ? [null, null, ...byName] : [-average, -count, ...byName];
    }
    case 'name':
      return byName;
    default:
      return assertNever(sort);
  }
}

/**
 * Position by position: nulls last (no free hour sorts after every free hour), numbers by value,
 * names by the en-GB collator; the slot time (`next`'s first) and the id (last) exactly, so the
 * order is total and the same on every instance.
 */
function compareKeys(a: SortKey, b: SortKey, sort: BusinessSort): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    let order: number;
    if (typeof x === 'number' && typeof y === 'number') order = x - y;
    else if (i === a.length - 1 || (sort === 'next' && i === 0)) order = String(x) < String(y) ? -1 : 1;
    else order = nameOrder.compare(String(x), String(y));
    if (order !== 0) return order;
  }
  return 0;
}

/** A page's end, as the next page's cursor: the filters' fingerprint and the last business's key. */
function encodeCursor(fingerprint: string, key: SortKey): string {
  return Buffer.from(JSON.stringify({ f: fingerprint, k: key }), 'utf8').toString('base64url');
}

/** The key after which the page starts; 400 for a cursor that is not ours or was made for other filters. */
function decodeCursor(cursor: string, fingerprint: string, sort: BusinessSort): SortKey {
  let parsed: z.infer<typeof CursorSchema> | undefined;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  const length = sort === 'name' ? 4 : sort === 'rating' ? 6 : 5;
  if (!parsed || parsed.f !== fingerprint || parsed.k.length !== length) {
    throw invalidField('cursor', BUSINESS_SEARCH_MESSAGES.cursor);
  }
  return parsed.k;
}

/** Which filters and order a cursor belongs to (the page size may change between pages). */
function fingerprintOf(query: BusinessesQuery, words: string[]): string {
  const filters = [
    query.town === undefined ? null : townKey(query.town),
    words,
    query.homeVisits === true,
    query.maxPrice ?? null,
    query.availableOn ?? null,
    query.sort,
  ];
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export interface ListingServiceDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/**
 * Finding a business (api-contract §8.5): the list's filters, orders and pages, and the towns.
 *
 * The list is small (every listed business, a few columns, and its services' names and prices)
 * and read whole, then filtered, sorted and paged here. A business's next free hour is kept with it
 * (migration 0009) and recomputed only when due: after a write that changed its slots, when that
 * hour begins, or at midnight when it had none. So a request costs two queries (run together),
 * plus one batch for the businesses that are due, plus two for `availableOn`: never a query per
 * business.
 */
export class ListingService {
  private readonly listing: ListingRepository;
  /** The recomputation under way for each business (one at a time per business in this process). */
  readonly #recomputing = new Map<string, Promise<Map<string, NextAvailable>>>();

  constructor(private readonly deps: ListingServiceDeps) {
    this.listing = new ListingRepository(deps.db);
  }

  async search(query: BusinessesQuery): Promise<BusinessesResponse> {
    const now = this.deps.clock();
    const today = todayInLondon(now);
    if (query.availableOn !== undefined && query.availableOn < today) {
      throw invalidField('availableOn', BUSINESS_SEARCH_MESSAGES.availableOnPast);
    }
    const words = searchWords(query.q);
    const fingerprint = fingerprintOf(query, words);
    const after =
      query.cursor === undefined ? undefined : decodeCursor(query.cursor, fingerprint, query.sort);

    const rows = await this.listedRows(now);
    const town = query.town ? townKey(query.town) : undefined;
    let matches = rows.filter((row) => {
      const business = row.summary;
      if (town !== undefined && townKey(business.BusinessTown) !== town) return false;
      if (query.homeVisits === true && !business.homeVisitsEnabled) return false;
      if (query.maxPrice !== undefined && business.minimumPrice > query.maxPrice) return false;
      return words.every((word) => row.text.includes(word));
    });
    if (query.availableOn !== undefined) matches = await this.freeOn(matches, query.availableOn, now);

    const keyed = matches.map((row) => ({ business: row.summary, key: sortKeyOf(row.summary, query.sort) }));
    keyed.sort((a, b) => compareKeys(a.key, b.key, query.sort));
    const start = after ? keyed.findIndex((entry) => compareKeys(entry.key, after, query.sort) > 0) : 0;
    const page = start < 0 ? [] : keyed.slice(start, start + query.limit);
    const last = page.at(-1);
    const hasMore = start >= 0 && start + query.limit < keyed.length;
    return {
      businesses: page.map((entry) => entry.business),
      nextCursor: hasMore && last ? encodeCursor(fingerprint, last.key) : null,
    };
  }

  /** The towns of listed businesses, by name, with how many are in each (the most used spelling). */
  async towns(): Promise<TownsResponse> {
    const rows = await this.listedRows(this.deps.clock());
    const byTown = groupBy(
      rows.filter((row) => row.summary.BusinessTown.trim() !== ''),
      (row) => townKey(row.summary.BusinessTown),
    );
    const towns = [...byTown.values()].map((group) => {
      const spellings = groupBy(group, (row) => row.summary.BusinessTown.trim());
      const [town] = [...spellings.entries()].sort(
        ([a, x], [b, y]) => y.length - x.length || nameOrder.compare(a, b),
      )[0] ?? [''];
      return { town, count: group.length };
    });
    return { towns: towns.sort((a, b) => nameOrder.compare(a.town, b.town)) };
  }

  /** Every listed business as the list shows it, with its searchable text, next free hours refreshed when due. */
  private async listedRows(
    now: Date,
  ): Promise<{ row: ListingRow; summary: BusinessSummary; text: string }[]> {
    const nowIso = now.toISOString();
    const [rows, menus] = await Promise.all([this.listing.listListed(), this.listing.listedMenus()]);
    const due = rows.filter((row) => row.next_available_until <= nowIso);
    const fresh =
      due.length > 0
        ? await this.refresh(
            due.map((row) => row.id),
            now,
          )
        : undefined;
    return rows.map((row) => {
      const next = fresh?.get(row.id)?.next ?? (fresh?.has(row.id) ? null : row.next_available);
      const summary = toBusinessSummary(row, next, menus.get(row.id) ?? []);
      const text = [
        summary.BusinessName,
        summary.BusinessDescription,
        summary.FirstName,
        summary.LastName,
        ...summary.services,
      ]
        .join(' ')
        .toLocaleLowerCase('en-GB');
      return { row, summary, text };
    });
  }

  /**
   * The due businesses' next free hours: each recomputed once at a time in this process (requests
   * arriving meanwhile share its recomputation, so the hour a thousand businesses open costs one),
   * the ones nobody is recomputing by this request. A business skipped (its row locked by a write,
   * which marks it due again) or a failed recomputation leaves the kept value: the list is still
   * served, and the next request tries again.
   */
  private async refresh(ids: string[], now: Date): Promise<Map<string, NextAvailable>> {
    const shared = new Set<Promise<Map<string, NextAvailable>>>();
    const mine: string[] = [];
    for (const id of ids) {
      const running = this.#recomputing.get(id);
      if (running) shared.add(running);
      else mine.push(id);
    }
    if (mine.length > 0) {
      const own = this.recompute(mine, now).finally(() => {
        for (const id of mine) if (this.#recomputing.get(id) === own) this.#recomputing.delete(id);
      });
      for (const id of mine) this.#recomputing.set(id, own);
      shared.add(own);
    }
    const fresh = new Map<string, NextAvailable>();
    for (const result of await Promise.allSettled(shared)) {
      if (result.status === 'fulfilled') for (const [id, entry] of result.value) fresh.set(id, entry);
      else
        this.deps.logger.warn(
          { err: result.reason },
          'next free hours not recomputed: the kept ones are shown',
        );
    }
    return fresh;
  }

  /** Recomputes and keeps the next free hour of the due businesses, in one transaction. */
  private recompute(ids: string[], now: Date): Promise<Map<string, NextAvailable>> {
    const today = todayInLondon(now);
    const midnight = londonWallClockToUtc(`${addDays(today, 1)} 00:00`).toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      const listing = new ListingRepository(trx);
      const due = await listing.lockDue(ids, now.toISOString());
      const dueIds = due.map((row) => row.id);
      const away = groupBy(await listing.awayDatesOf(dueIds, today), (row) => row.user_id);
      const held = groupBy(await listing.heldTimesOf(dueIds, heldTimesFrom(today)), (row) => row.business_id);
      const teams = await listing.firstServiceTeamsOf(dueIds);
      const computed = due.map((row): NextAvailable => {
        const next = teamFirstBookableSlot(
          teamRulesOf(row, teams.get(row.id), away.get(row.id), held.get(row.id), now),
        );
        return { id: row.id, next, until: next ? londonWallClockToUtc(next).toISOString() : midnight };
      });
      await listing.saveNextAvailable(computed);
      return new Map(computed.map((entry) => [entry.id, entry]));
    });
  }

  /**
   * The businesses with at least one free hour on `day`. The kept next free hour settles most: none
   * in the window, or a first one after the day, is not free; a first one on the day is. Only those
   * whose first free hour comes earlier run the slot engine for the day (two queries for all).
   * Each keeps, as its next free hour, its first one on `day` (issue 29, item 6: the card said
   * "Next free: Tomorrow 09:00" under a Saturday filter).
   */
  private async freeOn<T extends { row: ListingRow; summary: BusinessSummary }>(
    rows: T[],
    day: string,
    now: Date,
  ): Promise<T[]> {
    const firstDayOf = (entry: T) => entry.summary.nextAvailable?.slice(0, 10) ?? null;
    const unsure = rows.filter((entry) => {
      const first = firstDayOf(entry);
      return first !== null && first < day;
    });
    const ids = unsure.map(({ row }) => row.id);
    const [away, held, teams] = await Promise.all([
      this.listing.awayDatesOn(ids, day).then((list) => groupBy(list, (row) => row.user_id)),
      this.listing
        .heldTimesOf(ids, heldTimesFrom(day), `${addDays(day, 1)} 00:00`)
        .then((list) => groupBy(list, (row) => row.business_id)),
      this.listing.firstServiceTeamsOf(ids),
    ]);
    const firstThatDay = new Map<string, string>();
    for (const { row } of unsure) {
      const [first] = teamBookableSlotsOn(
        day,
        teamRulesOf(row, teams.get(row.id), away.get(row.id), held.get(row.id), now),
      );
      if (first !== undefined) firstThatDay.set(row.id, first);
    }
    return rows.flatMap((entry) => {
      if (firstDayOf(entry) === day) return [entry];
      const first = firstThatDay.get(entry.row.id);
      // A copy: the kept rows serve every other search.
      return first === undefined ? [] : [{ ...entry, summary: { ...entry.summary, nextAvailable: first } }];
    });
  }
}

/**
 * The slot rules of a business's first service and the members who do it (api-contract §9.3),
 * for the list's next free time; without §9.3's start yet, its owner alone, an hour at a time.
 */
function teamRulesOf(
  business: Pick<ListingRow, 'availability' | 'slot_step_minutes'>,
  team: ListingTeam | undefined,
  away: readonly ListingAwayRow[] | undefined,
  held: readonly { starts_at: string; duration_minutes: number; member_id: string | null }[] | undefined,
  now: Date,
): TeamSlotRules {
  const times = (held ?? []).map((booking) => ({
    memberId: team ? booking.member_id : null,
    time: bookingTimeOf(booking.starts_at, booking.duration_minutes),
  }));
  const { members, unassigned } = diariesOf(team?.members ?? [{ id: 'owner', availability: null }], times);
  return {
    availability: parseAvailability(business.availability),
    awayDates: (away ?? []).map(toAwayRange),
    now,
    durationMinutes: team?.durationMinutes,
    stepMinutes: business.slot_step_minutes,
    members,
    unassigned,
  };
}
