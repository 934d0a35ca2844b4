import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SERVICE_MINUTES,
  DEFAULT_SERVICE_NAME,
  isIsoDate,
  type MemberAwayDate,
  MINIMUM_PRICE_DEFAULT,
} from '@app/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { MemberBlocksTable, ServicesTable, TeamMembersTable } from '../db/schema';

export type ServiceRow = Selectable<ServicesTable>;
export type MemberRow = Selectable<TeamMembersTable>;
/** A member's own away periods as stored (JSON, migration 0022), or none. */
export function parseMemberAwayDates(stored: string | null): MemberAwayDate[] {
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  // Only well-formed periods: a damaged row must never break a read of availability.
  return Array.isArray(parsed)
    ? parsed.flatMap((period: unknown): MemberAwayDate[] => {
        if (typeof period !== 'object' || period === null) return [];
        const { startDate, endDate, reason } = period as Record<string, unknown>;
        return typeof startDate === 'string' &&
          isIsoDate(startDate) &&
          typeof endDate === 'string' &&
          isIsoDate(endDate)
          ? [{ startDate, endDate, reason: typeof reason === 'string' ? reason : null }]
          : [];
      })
    : [];
}

/** A member with the ids of the services they do, in the menu's order. */
export type MemberWithServices = MemberRow & { serviceIds: string[] };

export type BlockRow = Selectable<MemberBlocksTable>;
export type ServiceFields = Pick<ServiceRow, 'name' | 'duration_minutes' | 'minimum_price' | 'description'>;
export type MemberFields = Pick<MemberRow, 'name' | 'availability' | 'away_dates'>;

/** A business's services and team (api-contract §9.3; migration 0018), in their orders. */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  listServices(businessId: string): Promise<ServiceRow[]> {
    return this.db
      .selectFrom('services')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertService(businessId: string, fields: ServiceFields, now: string): Promise<ServiceRow> {
    const row: ServiceRow = {
      id: randomUUID(),
      business_id: businessId,
      ...fields,
      position: await this.nextPosition('services', businessId),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('services').values(row).execute();
    await this.menuChanged(businessId);
    return row;
  }

  /** False when the business has no such service. */
  async updateService(businessId: string, id: string, fields: ServiceFields, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('services')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await this.menuChanged(businessId);
    return true;
  }

  /** The service and who did it go; false when the business has no such service. */
  async deleteService(businessId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('services')
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    if (result.numDeletedRows !== 1n) return false;
    await this.db.deleteFrom('member_services').where('service_id', '=', id).execute();
    await this.menuChanged(businessId);
    return true;
  }

  /** The services take the positions of `ids` (every one of the business's, checked by the caller). */
  async reorderServices(businessId: string, ids: readonly string[], now: string): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await this.db
        .updateTable('services')
        .set({ position, updated_at: now })
        .where('id', '=', id)
        .where('business_id', '=', businessId)
        .execute();
    }
    await this.menuChanged(businessId);
  }

  async listMembers(businessId: string): Promise<MemberWithServices[]> {
    // Each member with the services they do, in one round trip: a row per member and service (one
    // with no service for a member who does none), the services in the menu's order.
    const rows = await this.db
      .selectFrom('team_members')
      .leftJoin('member_services', 'member_services.member_id', 'team_members.id')
      .leftJoin('services', 'services.id', 'member_services.service_id')
      .selectAll('team_members')
      .select('services.id as service_id')
      .where('team_members.business_id', '=', businessId)
      .orderBy('team_members.position')
      .orderBy('team_members.created_at')
      .orderBy('team_members.id')
      .orderBy('services.position')
      .orderBy('services.created_at')
      .orderBy('services.id')
      .execute();
    const members: MemberWithServices[] = [];
    for (const { service_id, ...member } of rows) {
      const last = members.at(-1);
      const current = last?.id === member.id ? last : { ...member, serviceIds: [] };
      if (current !== last) members.push(current);
      if (service_id !== null) current.serviceIds.push(service_id);
    }
    return members;
  }

  async insertMember(
    businessId: string,
    fields: MemberFields,
    serviceIds: readonly string[],
    now: string,
  ): Promise<MemberRow> {
    const row: MemberRow = {
      id: randomUUID(),
      business_id: businessId,
      ...fields,
      position: await this.nextPosition('team_members', businessId),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('team_members').values(row).execute();
    await this.setMemberServices(row.id, serviceIds);
    await this.changed(businessId);
    return row;
  }

  /** False when the business has no such member. */
  async updateMember(
    businessId: string,
    id: string,
    fields: MemberFields,
    serviceIds: readonly string[],
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('team_members')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await this.setMemberServices(id, serviceIds);
    await this.changed(businessId);
    return true;
  }

  /** False when the business has no such member. */
  async deleteMember(businessId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('team_members')
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    if (result.numDeletedRows !== 1n) return false;
    await this.db.deleteFrom('member_services').where('member_id', '=', id).execute();
    await this.db.deleteFrom('member_blocks').where('member_id', '=', id).execute();
    await this.changed(businessId);
    return true;
  }

  /** The business's blocks that end after `from` (its start a day earlier at most), earliest first. */
  listBlocks(businessId: string, from: string): Promise<BlockRow[]> {
    return this.db
      .selectFrom('member_blocks')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('starts_at', '>=', from)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }

  async insertBlock(row: BlockRow): Promise<void> {
    await this.db.insertInto('member_blocks').values(row).execute();
  }

  /** False when the business has no such block. */
  async deleteBlock(businessId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('member_blocks')
      .where('id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** The member does exactly `serviceIds` from now on. */
  async setMemberServices(memberId: string, serviceIds: readonly string[]): Promise<void> {
    await this.db.deleteFrom('member_services').where('member_id', '=', memberId).execute();
    const unique = [...new Set(serviceIds)];
    if (unique.length === 0) return;
    await this.db
      .insertInto('member_services')
      .values(unique.map((serviceId) => ({ member_id: memberId, service_id: serviceId })))
      .execute();
  }

  /** The members also doing `serviceId` from now on. */
  async addServiceTo(memberIds: readonly string[], serviceId: string): Promise<void> {
    if (memberIds.length === 0) return;
    await this.db
      .insertInto('member_services')
      .values(memberIds.map((memberId) => ({ member_id: memberId, service_id: serviceId })))
      .execute();
  }

  /**
   * What api-contract §9.3 starts every business with, when it has none yet (a business made before
   * the team existed in a test's own rows, say): the service 'Appointment' (an hour at its minimum
   * price) and its owner as the one member doing it. Call under the business's lock.
   */
  async ensureDefaults(
    business: { id: string; first_name: string; minimum_price: number | null },
    now: string,
  ): Promise<void> {
    const services = await this.listServices(business.id);
    const service =
      services[0] ??
      (await this.insertService(
        business.id,
        {
          name: DEFAULT_SERVICE_NAME,
          duration_minutes: DEFAULT_SERVICE_MINUTES,
          minimum_price: business.minimum_price ?? MINIMUM_PRICE_DEFAULT,
          description: null,
        },
        now,
      ));
    const members = await this.listMembers(business.id);
    if (members.length > 0) return;
    await this.insertMember(
      business.id,
      { name: business.first_name.trim() || 'Owner', availability: null, away_dates: null },
      services.length > 0 ? services.map((row) => row.id) : [service.id],
      now,
    );
  }

  /**
   * The business's minimum price is its first service's (PUT /user/minimum-price, api-contract
   * §9.3: with only its default service, every behaviour of §4 holds).
   */
  async setFirstServiceMinimum(businessId: string, minimumPrice: number, now: string): Promise<void> {
    const [first] = await this.listServices(businessId);
    if (!first) return;
    await this.db
      .updateTable('services')
      .set({ minimum_price: minimumPrice, updated_at: now })
      .where('id', '=', first.id)
      .execute();
    await this.changed(businessId);
  }

  /**
   * The business's menu changed (in the change's transaction): as `changed`, and the business's own
   * minimum price (its profile's, which Configuration shows and sets) becomes its first service's
   * again, whichever service that now is and whatever it costs.
   */
  private async menuChanged(businessId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({
        catalog_version: eb('catalog_version', '+', 1),
        minimum_price: eb.fn.coalesce(
          eb
            .selectFrom('services')
            .select('services.minimum_price')
            .whereRef('services.business_id', '=', 'users.id')
            .orderBy('services.position')
            .orderBy('services.created_at')
            .orderBy('services.id')
            .limit(1),
          'users.minimum_price',
        ),
      }))
      .where('id', '=', businessId)
      .execute();
  }

  /**
   * The business's menu or team changed (in the change's transaction): its catalog version moves
   * on, so no kept copy of the old one is used again (CatalogService.catalogOf).
   */
  private async changed(businessId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ catalog_version: eb('catalog_version', '+', 1) }))
      .where('id', '=', businessId)
      .execute();
  }

  /** After the business's last service or member. */
  private async nextPosition(table: 'services' | 'team_members', businessId: string): Promise<number> {
    const last = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.max<number>('position').as('position'))
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    return Number(last?.position ?? -1) + 1;
  }

  slotStepOf(businessId: string) {
    return this.db
      .selectFrom('users')
      .select('slot_step_minutes')
      .where('id', '=', businessId)
      .executeTakeFirst();
  }

  async setSlotStep(businessId: string, minutes: number, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ slot_step_minutes: minutes, updated_at: now })
      .where('id', '=', businessId)
      .execute();
  }
}
