import { randomUUID } from 'node:crypto';
import {
  type BookingStatus,
  DEFAULT_SERVICE_MINUTES,
  DEFAULT_SERVICE_NAME,
  type SlotStep,
} from '@app/domain';
import { seededRandom } from '../lib/seeded-random';
import type { Database } from './schema';

/** One service of a demo shop's menu (api-contract §9.3). */
export interface DemoService {
  name: string;
  minutes: number;
  price: number;
  description?: string;
}

/** One barber of a demo shop: the menu's services they do, by index (all when left out). */
export interface DemoMember {
  name: string;
  does?: number[];
}

/** What a demo business sells and who works there; left out: §9.3's start (Appointment, the owner). */
export interface DemoCatalog {
  menu?: DemoService[];
  team?: DemoMember[];
  slotStep?: SlotStep;
}

/** The catalog columns every demo booking names (one multi-row insert: a missing one would be NULL). */
export type BookingCatalogColumns = Pick<
  Database['bookings'],
  'service_id' | 'service_name' | 'member_id' | 'member_name'
> & { duration_minutes: number };

/** The statuses whose booking had a member set: agreed once (a cancellation came after approval). */
const HAD_MEMBER: ReadonlySet<BookingStatus> = new Set(['Approved', 'Confirmed', 'Cancelled']);

/**
 * The demo shops' menus and teams as rows, and a picker that gives each booking a service and the
 * member who does it: for a shop with a menu, a service at random (seeded: the same every run) and
 * its members in turn, so its history is spread over them; otherwise the shop's one service and
 * owner. Bookings still waiting on someone (or never agreed) have no member yet.
 */
export function demoCatalog(
  businesses: readonly (DemoCatalog & { key: string; firstName: string; minimumPrice: number })[],
  idOf: (key: string) => string,
  now: string,
) {
  const services: Database['services'][] = [];
  const members: Database['team_members'][] = [];
  const memberServices: Database['member_services'][] = [];
  const shops = new Map<
    string,
    { menu: { id: string; name: string; minutes: number }[]; doers: { id: string; name: string }[][] }
  >();
  for (const business of businesses) {
    const menu = (
      business.menu ?? [
        { name: DEFAULT_SERVICE_NAME, minutes: DEFAULT_SERVICE_MINUTES, price: business.minimumPrice },
      ]
    ).map((service, position) => {
      const id = randomUUID();
      services.push({
        id,
        business_id: idOf(business.key),
        name: service.name,
        duration_minutes: service.minutes,
        minimum_price: service.price,
        description: service.description ?? null,
        position,
        created_at: now,
        updated_at: now,
      });
      return { id, name: service.name, minutes: service.minutes };
    });
    const doers = menu.map((): { id: string; name: string }[] => []);
    for (const [position, member] of (business.team ?? [{ name: business.firstName }]).entries()) {
      const id = randomUUID();
      members.push({
        id,
        business_id: idOf(business.key),
        name: member.name,
        availability: null,
        away_dates: null,
        position,
        created_at: now,
        updated_at: now,
      });
      for (const index of member.does ?? menu.map((_, i) => i)) {
        memberServices.push({ member_id: id, service_id: menu[index]!.id });
        doers[index]!.push({ id, name: member.name });
      }
    }
    shops.set(business.key, { menu, doers });
  }

  const randoms = new Map<string, () => number>();
  const turns = new Map<string, number>();
  /** A booking's service and member (its start on the hour grid leaves each shop's bookings apart). */
  const pick = (businessKey: string, status: BookingStatus): BookingCatalogColumns => {
    const shop = shops.get(businessKey)!;
    const random = randoms.get(businessKey) ?? seededRandom(`${businessKey}:menu`);
    randoms.set(businessKey, random);
    const index = shop.menu.length === 1 ? 0 : Math.floor(random() * shop.menu.length);
    const service = shop.menu[index]!;
    const doers = shop.doers[index]!;
    const turn = turns.get(businessKey) ?? 0;
    turns.set(businessKey, turn + 1);
    const member = HAD_MEMBER.has(status) ? doers[turn % doers.length] : undefined;
    return {
      service_id: service.id,
      service_name: service.name,
      duration_minutes: service.minutes,
      member_id: member?.id ?? null,
      member_name: member?.name ?? null,
    };
  };
  return { services, members, memberServices, pick };
}
