import type { AvailabilityInput } from './availability';
import type { AwayDateRange } from './away-dates';
import { isWithinBusinessHours } from './bookings';
import {
  bookableSlotsOn,
  bookingTimesOverlap,
  firstBookableSlot,
  generateBookableSlots,
  isBookableSlot,
  mergeSortedSlots,
  type SlotRules,
} from './slots';

/** One team member's diary as the slot rules read it (api-contract §9.3). */
export interface MemberDiary {
  id: string;
  /** Their own weekly hours; null or left out: the business's. */
  availability?: AvailabilityInput | null;
  /** Their own away periods, on top of the business's. */
  awayDates?: readonly AwayDateRange[] | null;
  /** What already fills their diary: their agreed bookings and blocked times ('YYYY-MM-DD HH:MM[-HH:MM]'). */
  taken: readonly string[];
}

/** The slot rules of a whole team: the business's hours and away periods, and each member's diary. */
export interface TeamSlotRules extends Omit<SlotRules, 'takenSlots'> {
  /** The members who may do the booking (who do the service, or the one asked for), in the business's order. */
  members: readonly MemberDiary[];
  /** Agreed bookings of no member (older rows): each fills every member's diary, to be safe. */
  unassigned?: readonly string[];
}

/** One member's slot rules: their hours (else the business's), both sets of away periods, their diary. */
export function memberSlotRules(member: MemberDiary, team: TeamSlotRules): SlotRules {
  const { members: _members, unassigned, ...shared } = team;
  return {
    ...shared,
    availability: member.availability ?? team.availability,
    awayDates: [...(team.awayDates ?? []), ...(member.awayDates ?? [])],
    takenSlots: unassigned?.length ? [...member.taken, ...unassigned] : member.taken,
  };
}

/**
 * The starts at which at least one of the members is free for the whole duration inside their own
 * hours (api-contract §9.3: "Anyone"), sorted, each once. One member: exactly their own starts.
 */
export function teamBookableSlots(team: TeamSlotRules): string[] {
  if (team.members.length === 1) return generateBookableSlots(memberSlotRules(team.members[0]!, team));
  return mergeSortedSlots(team.members.map((member) => generateBookableSlots(memberSlotRules(member, team))));
}

/** The first of `teamBookableSlots(team)`, or null (the list's next free time). */
export function teamFirstBookableSlot(team: TeamSlotRules): string | null {
  let first: string | null = null;
  for (const member of team.members) {
    const slot = firstBookableSlot(memberSlotRules(member, team));
    if (slot !== null && (first === null || slot < first)) first = slot;
  }
  return first;
}

/** The starts of `teamBookableSlots(team)` on one day. */
export function teamBookableSlotsOn(date: string, team: TeamSlotRules): string[] {
  const starts = new Set<string>();
  for (const member of team.members)
    for (const slot of bookableSlotsOn(date, memberSlotRules(member, team))) starts.add(slot);
  return [...starts].sort();
}

/** True when `slot` is one of `teamBookableSlots(team)`: only its own day is worked out. */
export function isTeamBookableSlot(slot: string, team: TeamSlotRules): boolean {
  return team.members.some((member) => isBookableSlot(slot, memberSlotRules(member, team)));
}

/**
 * The first member (in the team's order) who can take a booking at `time` ('YYYY-MM-DD HH:MM' or
 * a range): the whole of it inside their hours, not on an away day, and meeting nothing in their
 * diary. Unlike a bookable slot it need not sit on the current step grid (a request made under
 * earlier hours is still approved into them). Undefined when none can.
 */
export function freeMemberAt<M extends MemberDiary>(
  time: string,
  team: Omit<TeamSlotRules, 'members'> & { members: readonly M[] },
): M | undefined {
  const unassigned = team.unassigned ?? [];
  return team.members.find(
    (member) =>
      isWithinBusinessHours(time, {
        availability: member.availability ?? team.availability,
        awayDates: [...(team.awayDates ?? []), ...(member.awayDates ?? [])],
      }) &&
      !member.taken.some((taken) => bookingTimesOverlap(taken, time)) &&
      !unassigned.some((taken) => bookingTimesOverlap(taken, time)),
  );
}
