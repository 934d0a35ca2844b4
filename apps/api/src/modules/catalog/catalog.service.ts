import { randomUUID } from 'node:crypto';
import {
  type Availability,
  AWAY_MAX_AHEAD_YEARS,
  bookingEndOf,
  DEFAULT_SLOT_STEP,
  heldTimesFrom,
  isSlotStep,
  isWithinBusinessHours,
  MAX_BLOCKS,
  MAX_MEMBERS,
  MAX_SERVICES,
  MESSAGES,
  type MemberAwayDate,
  type MemberBlock,
  SERVICE_MESSAGES,
  type Service,
  type SlotStep,
  type TeamMember,
  timeToMinutes,
  todayInLondon,
  utcToLondonWallClock,
  yearsAfter,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { BookingsRepository } from '../../repositories/bookings.repository';
import {
  type BlockRow,
  CatalogRepository,
  type MemberWithServices,
  parseMemberAwayDates,
  type ServiceFields,
  type ServiceRow,
} from '../../repositories/catalog.repository';
import { type UserRow, UsersRepository } from '../../repositories/users.repository';
import { parseAvailability } from '../users/users.mapper';
import { USER_MESSAGES } from '../users/users.messages';

/** A service as the body of POST/PUT /user/services gives it, parsed. */
export interface ServiceInput {
  name: string;
  durationMinutes: number;
  minimumPrice: number;
  description: string | null;
}

/** A block as the body of POST /user/blocks gives it, parsed. */
export interface BlockInput {
  memberId: string;
  date: string;
  start: string;
  end: string;
  reason: string | null;
}

/** A member as the body of POST/PUT /user/team gives it, parsed. */
export interface MemberInput {
  name: string;
  serviceIds: string[];
  availability: Availability | null;
  awayDates: MemberAwayDate[];
}

export const toService = (row: ServiceRow): Service => ({
  id: row.id,
  name: row.name,
  durationMinutes: row.duration_minutes,
  minimumPrice: row.minimum_price,
  description: row.description,
});

export const toTeamMember = (row: MemberWithServices): TeamMember => ({
  id: row.id,
  name: row.name,
  serviceIds: row.serviceIds,
  availability: row.availability === null ? null : parseAvailability(row.availability),
  awayDates: parseMemberAwayDates(row.away_dates),
});

const fieldsOf = (input: ServiceInput): ServiceFields => ({
  name: input.name,
  duration_minutes: input.durationMinutes,
  minimum_price: input.minimumPrice,
  description: input.description,
});

const notFound = (message: string) => new AppError('NotFound', message);
const invalid = (field: string, message: string) =>
  new AppError('ValidationError', message, undefined, { [field]: message });

/**
 * A shop's services and team (api-contract §9.3). Every change is one transaction under the
 * business's lock (the lock every booking write takes first), so the rules over the whole menu or
 * team (at least one service and one member, the new service done by whoever did everything) hold
 * whatever the concurrency. A business with none yet is given §9.3's start (the service
 * 'Appointment', its owner as the member) the first time either is read or changed.
 */
/** A business's menu and team, in their orders. */
export interface Catalog {
  services: ServiceRow[];
  members: MemberWithServices[];
}

/** How many businesses' menus and teams an instance keeps (all of them are dropped when full). */
const KEPT_CATALOGS = 5000;

export class CatalogService {
  private readonly users: UsersRepository;
  /** The menu and team of each business read lately, under the catalog version they were read at. */
  private readonly kept = new Map<string, { version: number; catalog: Catalog }>();

  constructor(private readonly deps: { db: Db; clock: Clock }) {
    this.users = new UsersRepository(deps.db);
  }

  /** GET /booking/services: a listed business's menu, in its order (404 for any other id). */
  async publicServices(businessId: string): Promise<Service[]> {
    const business = await this.users.findBookableBusiness(businessId);
    if (!business) throw notFound(USER_MESSAGES.businessNotFound);
    return (await this.catalogOf(business)).services.map(toService);
  }

  /** GET /booking/team: a listed business's team, in its order. */
  async publicTeam(businessId: string): Promise<TeamMember[]> {
    const business = await this.users.findBookableBusiness(businessId);
    if (!business) throw notFound(USER_MESSAGES.businessNotFound);
    // A member's away periods (and their reasons) are the business's own.
    return (await this.catalogOf(business)).members.map((row) => {
      const { awayDates: _own, ...member } = toTeamMember(row);
      return member;
    });
  }

  /** The business's own menu (GET /user/services). */
  async services(businessId: string): Promise<Service[]> {
    return (await this.catalogOf(await this.businessOf(businessId))).services.map(toService);
  }

  /** The business's own team (GET /user/team). */
  async team(businessId: string): Promise<TeamMember[]> {
    return (await this.catalogOf(await this.businessOf(businessId))).members.map(toTeamMember);
  }

  /** POST /user/services: the new service is done by every member who did every service before. */
  async addService(businessId: string, input: ServiceInput): Promise<Service> {
    return this.change(businessId, async (catalog, services, members, now) => {
      if (services.length >= MAX_SERVICES) throw new AppError('Conflict', SERVICE_MESSAGES.tooManyServices);
      const doingAll = members.filter((member) =>
        services.every((service) => member.serviceIds.includes(service.id)),
      );
      const row = await catalog.insertService(businessId, fieldsOf(input), now);
      await catalog.addServiceTo(
        doingAll.map((member) => member.id),
        row.id,
      );
      return toService(row);
    });
  }

  /** PUT /user/services/{id}. */
  async updateService(businessId: string, serviceId: string, input: ServiceInput): Promise<Service> {
    return this.change(businessId, async (catalog, _services, _members, now) => {
      if (!(await catalog.updateService(businessId, serviceId, fieldsOf(input), now))) {
        throw notFound(SERVICE_MESSAGES.serviceNotFound);
      }
      const row = (await catalog.listServices(businessId)).find((service) => service.id === serviceId);
      if (!row) throw notFound(SERVICE_MESSAGES.serviceNotFound);
      return toService(row);
    });
  }

  /** DELETE /user/services/{id}: never the only one (409 LastService). */
  async removeService(businessId: string, serviceId: string): Promise<void> {
    await this.change(businessId, async (catalog, services) => {
      if (!services.some((service) => service.id === serviceId)) {
        throw notFound(SERVICE_MESSAGES.serviceNotFound);
      }
      if (services.length === 1) throw new AppError('LastService', SERVICE_MESSAGES.lastService);
      await catalog.deleteService(businessId, serviceId);
    });
  }

  /** PUT /user/services/order: every service of the business once, in the order to show them. */
  async reorderServices(businessId: string, serviceIds: readonly string[]): Promise<Service[]> {
    return this.change(businessId, async (catalog, services, _members, now) => {
      const known = new Set(services.map((service) => service.id));
      const given = new Set(serviceIds);
      if (
        given.size !== serviceIds.length ||
        given.size !== known.size ||
        ![...given].every((id) => known.has(id))
      ) {
        throw invalid('serviceIds', SERVICE_MESSAGES.order);
      }
      await catalog.reorderServices(businessId, serviceIds, now);
      return (await catalog.listServices(businessId)).map(toService);
    });
  }

  /** POST /user/team. */
  async addMember(businessId: string, input: MemberInput): Promise<TeamMember> {
    return this.change(businessId, async (catalog, services, members, now) => {
      if (members.length >= MAX_MEMBERS) throw new AppError('Conflict', SERVICE_MESSAGES.tooManyMembers);
      checkServices(input.serviceIds, services);
      const awayDates = this.ownAwayDates(input.awayDates, []);
      const row = await catalog.insertMember(
        businessId,
        memberFields(input, awayDates),
        input.serviceIds,
        now,
      );
      return this.memberById(catalog, businessId, row.id);
    });
  }

  /**
   * PUT /user/team/{id}: name, services, own hours and own away periods as given. Their agreed
   * bookings to come that the old hours and away days allowed must still fit the new ones (409
   * MemberHasBookings otherwise: cancel or move them first); one kept outside earlier hours stays.
   */
  async updateMember(businessId: string, memberId: string, input: MemberInput): Promise<TeamMember> {
    return this.change(businessId, async (catalog, services, members, now, trx, business) => {
      checkServices(input.serviceIds, services);
      const member = members.find((row) => row.id === memberId);
      if (!member) throw notFound(SERVICE_MESSAGES.memberNotFound);
      const before = {
        availability: member.availability ?? business.availability,
        awayDates: parseMemberAwayDates(member.away_dates),
      };
      const awayDates = this.ownAwayDates(input.awayDates, before.awayDates);
      const after = {
        availability: input.availability ?? parseAvailability(business.availability),
        awayDates,
      };
      const from = utcToLondonWallClock(this.deps.clock());
      const agreed = await new BookingsRepository(trx).listAgreedFrom(businessId, from);
      const excluded = agreed.some((booking) => {
        if (booking.member_id !== memberId) return false;
        const time = `${booking.starts_at}-${bookingEndOf(booking.starts_at, booking.duration_minutes).slice(11, 16)}`;
        return (
          isWithinBusinessHours(time, {
            availability: before.availability === null ? null : parseAvailability(before.availability),
            awayDates: before.awayDates,
          }) && !isWithinBusinessHours(time, after)
        );
      });
      if (excluded) throw new AppError('MemberHasBookings', SERVICE_MESSAGES.memberBookingsOutside);
      await catalog.updateMember(businessId, memberId, memberFields(input, awayDates), input.serviceIds, now);
      return this.memberById(catalog, businessId, memberId);
    });
  }

  /**
   * The member's own away periods to store: ended ones dropped, and a period the member did not
   * have before must not start in the past (400).
   */
  private ownAwayDates(
    incoming: readonly MemberAwayDate[],
    stored: readonly MemberAwayDate[],
  ): MemberAwayDate[] {
    const today = todayInLondon(this.deps.clock());
    const known = new Set(stored.map((period) => `${period.startDate}/${period.endDate}`));
    for (const period of incoming) {
      if (period.startDate < today && !known.has(`${period.startDate}/${period.endDate}`)) {
        throw new AppError('ValidationError', MESSAGES.awayInPast, undefined, {
          awayDates: MESSAGES.awayInPast,
        });
      }
    }
    return incoming
      .filter((period) => period.endDate >= today)
      .map(({ startDate, endDate, reason }) => ({ startDate, endDate, reason: reason ?? null }));
  }

  /** DELETE /user/team/{id}: never the only one (409 LastMember). */
  async removeMember(businessId: string, memberId: string): Promise<void> {
    await this.change(businessId, async (catalog, _services, members, _now, trx) => {
      if (!members.some((member) => member.id === memberId)) throw notFound(SERVICE_MESSAGES.memberNotFound);
      if (members.length === 1) throw new AppError('LastMember', SERVICE_MESSAGES.lastMember);
      // Their agreed bookings to come stay theirs: cancel or move them first (api-contract §9.3).
      const now = utcToLondonWallClock(this.deps.clock());
      if (await new BookingsRepository(trx).memberHasAgreedFrom(memberId, now)) {
        throw new AppError('MemberHasBookings', SERVICE_MESSAGES.memberHasBookings);
      }
      await catalog.deleteMember(businessId, memberId);
    });
  }

  /** GET /user/blocks: the time blocked on the team's diaries from today on, earliest first. */
  async blocks(businessId: string): Promise<MemberBlock[]> {
    const today = todayInLondon(this.deps.clock());
    const rows = await new CatalogRepository(this.deps.db).listBlocks(businessId, `${today} 00:00`);
    return rows.map(toMemberBlock);
  }

  /**
   * POST /user/blocks: time blocked on one member's diary (issue 32 item 6), ahead, within a year,
   * and clear of the member's agreed bookings (409 otherwise), under the business's lock, so no
   * approval lands in it meanwhile; from then on no request or approval may use it.
   */
  async addBlock(businessId: string, input: BlockInput): Promise<MemberBlock> {
    return this.change(businessId, async (catalog, _services, members, now, trx) => {
      if (!members.some((member) => member.id === input.memberId)) {
        throw notFound(SERVICE_MESSAGES.memberNotFound);
      }
      const clock = this.deps.clock();
      const startsAt = `${input.date} ${input.start}`;
      if (startsAt <= utcToLondonWallClock(clock)) throw invalid('start', SERVICE_MESSAGES.blockPast);
      if (input.date > yearsAfter(todayInLondon(clock), AWAY_MAX_AHEAD_YEARS)) {
        throw invalid('date', SERVICE_MESSAGES.blockTooFar);
      }
      const today = todayInLondon(clock);
      if ((await catalog.listBlocks(businessId, `${today} 00:00`)).length >= MAX_BLOCKS) {
        throw new AppError('Conflict', SERVICE_MESSAGES.tooManyBlocks);
      }
      const durationMinutes = timeToMinutes(input.end) - timeToMinutes(input.start);
      const block = wallClockRange(startsAt, durationMinutes);
      const agreed = await new BookingsRepository(trx).listAgreedFrom(businessId, heldTimesFrom(input.date));
      const clash = agreed.some(
        (booking) =>
          booking.member_id === input.memberId &&
          overlaps(block, wallClockRange(booking.starts_at, booking.duration_minutes)),
      );
      if (clash) throw new AppError('SlotTaken', SERVICE_MESSAGES.blockOverlaps);
      const row = {
        id: randomUUID(),
        business_id: businessId,
        member_id: input.memberId,
        starts_at: startsAt,
        duration_minutes: durationMinutes,
        reason: input.reason,
        created_at: now,
      };
      await catalog.insertBlock(row);
      return toMemberBlock(row);
    });
  }

  /** DELETE /user/blocks/{id}: the time is free again. */
  async removeBlock(businessId: string, blockId: string): Promise<void> {
    await this.change(businessId, async (catalog) => {
      if (!(await catalog.deleteBlock(businessId, blockId))) throw notFound(SERVICE_MESSAGES.blockNotFound);
    });
  }

  /** GET /user/booking-settings. */
  async bookingSettings(businessId: string): Promise<{ slotStepMinutes: SlotStep }> {
    const row = await new CatalogRepository(this.deps.db).slotStepOf(businessId);
    if (!row) throw notFound(USER_MESSAGES.businessNotFound);
    return { slotStepMinutes: isSlotStep(row.slot_step_minutes) ? row.slot_step_minutes : DEFAULT_SLOT_STEP };
  }

  /** PUT /user/booking-settings. */
  async updateBookingSettings(
    businessId: string,
    slotStepMinutes: SlotStep,
  ): Promise<{ slotStepMinutes: SlotStep }> {
    await new CatalogRepository(this.deps.db).setSlotStep(
      businessId,
      slotStepMinutes,
      this.deps.clock().toISOString(),
    );
    // Its starts changed: the business's kept next free hour is due (api-contract §8.5).
    await this.users.markSlotsChanged(businessId);
    return this.bookingSettings(businessId);
  }

  private async businessOf(businessId: string): Promise<UserRow> {
    const business = await this.users.findById(businessId);
    if (!business) throw notFound(USER_MESSAGES.businessNotFound);
    return business;
  }

  /**
   * The menu and team; §9.3's start written first (under the lock) when there is none yet. A copy is
   * kept per business under its catalog version (migration 0025), which every change moves on in
   * its transaction: while the business's row (read by the caller) shows the same version, the
   * copy is its menu and team, with no query. The copy is read after the row, so it is never older
   * than the version it is kept under. Callers must not change what they get.
   *
   * `trx`: the caller's transaction, which holds the business's lock (a booking write): a copy not
   * kept is read in it, and a start written in it is not kept (the transaction may roll back).
   */
  async catalogOf(
    business: Pick<UserRow, 'id' | 'first_name' | 'minimum_price' | 'catalog_version'>,
    trx?: Db,
  ): Promise<Catalog> {
    const kept = this.kept.get(business.id);
    if (kept?.version === business.catalog_version) return kept.catalog;
    const { catalog, keep } = await this.readCatalog(business, trx);
    if (!keep) return catalog;
    if (this.kept.size >= KEPT_CATALOGS) this.kept.clear();
    this.kept.set(business.id, { version: business.catalog_version, catalog });
    return catalog;
  }

  private async readCatalog(
    business: Pick<UserRow, 'id' | 'first_name' | 'minimum_price'>,
    trx: Db | undefined,
  ): Promise<{ catalog: Catalog; keep: boolean }> {
    const catalog = new CatalogRepository(trx ?? this.deps.db);
    const [services, members] = await Promise.all([
      catalog.listServices(business.id),
      catalog.listMembers(business.id),
    ]);
    if (services.length > 0 && members.length > 0) return { catalog: { services, members }, keep: true };
    const start = async (locked: Db) => {
      const repository = new CatalogRepository(locked);
      await repository.ensureDefaults(business, this.deps.clock().toISOString());
      return {
        services: await repository.listServices(business.id),
        members: await repository.listMembers(business.id),
      };
    };
    if (trx) return { catalog: await start(trx), keep: false };
    const written = await this.deps.db.transaction().execute(async (locked) => {
      await new UsersRepository(locked).lockAccount(business.id);
      return start(locked);
    });
    return { catalog: written, keep: true };
  }

  /** One change of the menu or team, in a transaction under the business's lock, with both read under it. */
  private async change<T>(
    businessId: string,
    work: (
      catalog: CatalogRepository,
      services: ServiceRow[],
      members: MemberWithServices[],
      now: string,
      trx: Db,
      business: UserRow,
    ) => Promise<T>,
  ): Promise<T> {
    const known = await this.businessOf(businessId);
    return this.deps.db.transaction().execute(async (trx) => {
      await new UsersRepository(trx).lockAccount(businessId);
      // Read again under the lock: a change of the shop's hours may have committed meanwhile.
      const business = (await new UsersRepository(trx).findById(businessId)) ?? known;
      const catalog = new CatalogRepository(trx);
      const now = this.deps.clock().toISOString();
      await catalog.ensureDefaults(business, now);
      const [services, members] = [
        await catalog.listServices(businessId),
        await catalog.listMembers(businessId),
      ];
      const result = await work(catalog, services, members, now, trx, business);
      // The menu or team changed: the business's kept next free hour is due (api-contract §8.5).
      await new UsersRepository(trx).markSlotsChanged(businessId);
      return result;
    });
  }

  private async memberById(
    catalog: CatalogRepository,
    businessId: string,
    memberId: string,
  ): Promise<TeamMember> {
    const member = (await catalog.listMembers(businessId)).find((row) => row.id === memberId);
    if (!member) throw notFound(SERVICE_MESSAGES.memberNotFound);
    return toTeamMember(member);
  }
}

/** A block as the API shows it: its day and wall-clock start and end. */
const toMemberBlock = (row: BlockRow): MemberBlock => ({
  id: row.id,
  memberId: row.member_id,
  date: row.starts_at.slice(0, 10),
  start: row.starts_at.slice(11, 16),
  end: bookingEndOf(row.starts_at, row.duration_minutes).slice(11, 16),
  reason: row.reason,
});

/** A wall-clock time and length as minutes since the epoch of the wall clock: [start, end). */
function wallClockRange(startsAt: string, durationMinutes: number): [number, number] {
  const start = Date.parse(`${startsAt.slice(0, 10)}T${startsAt.slice(11, 16)}:00Z`) / 60_000;
  return [start, start + durationMinutes];
}

const overlaps = ([a, b]: [number, number], [c, d]: [number, number]) => a < d && c < b;

const memberFields = (input: MemberInput, awayDates: readonly MemberAwayDate[]) => ({
  name: input.name,
  availability: input.availability === null ? null : JSON.stringify(input.availability),
  away_dates: awayDates.length === 0 ? null : JSON.stringify(awayDates),
});

/** Every service named is the business's (400 otherwise). */
function checkServices(serviceIds: readonly string[], services: readonly ServiceRow[]): void {
  const known = new Set(services.map((service) => service.id));
  if (!serviceIds.every((id) => known.has(String(id)))) {
    throw invalid('serviceIds', SERVICE_MESSAGES.unknownService);
  }
}
