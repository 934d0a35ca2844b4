import type { MemberDiary } from '@app/domain';
import type { HeldTime } from '../../repositories/bookings.repository';
import { type MemberWithServices, parseMemberAwayDates } from '../../repositories/catalog.repository';
import { parseAvailability } from '../users/users.mapper';

/** A team member's diary with the name a booking records. */
export interface TeamDiary extends MemberDiary {
  name: string;
}

/** Who may do a booking: its service's id (null: any service), and the member asked for, if any. */
export interface DiaryChoice {
  serviceId: string | null;
  memberId?: string | null;
}

/**
 * The diaries of the members who may do a booking (api-contract §9.3): those who do its service,
 * in the team's order, or only the member asked for (none when they do not do it).
 */
export function teamDiaries(
  members: readonly MemberWithServices[],
  held: readonly HeldTime[],
  { serviceId, memberId }: DiaryChoice,
): { members: TeamDiary[]; unassigned: string[] } {
  const doing = members.filter((member) => serviceId === null || member.serviceIds.includes(serviceId));
  return diariesOf(memberId ? doing.filter((member) => member.id === memberId) : doing, held);
}

/**
 * These members' diaries: their own weekly hours (null: the business's), their own away periods,
 * and the agreed bookings
 * that fill each, read in one pass; an agreed booking of no member fills everyone's (`unassigned`).
 */
export function diariesOf(
  members: readonly { id: string; name?: string; availability: string | null; away_dates?: string | null }[],
  held: readonly HeldTime[],
): { members: TeamDiary[]; unassigned: string[] } {
  const taken = new Map<string, string[]>();
  const unassigned: string[] = [];
  for (const { memberId: owner, time } of held) {
    if (owner === null) {
      unassigned.push(time);
      continue;
    }
    const diary = taken.get(owner);
    if (diary) diary.push(time);
    else taken.set(owner, [time]);
  }
  return {
    members: members.map((member) => ({
      id: member.id,
      name: member.name ?? '',
      availability: member.availability === null ? null : parseAvailability(member.availability),
      awayDates: member.away_dates ? parseMemberAwayDates(member.away_dates) : null,
      taken: taken.get(member.id) ?? [],
    })),
    unassigned,
  };
}
