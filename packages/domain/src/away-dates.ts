import { AWAY_MAX_AHEAD_YEARS, AWAY_REASON_MAX_LENGTH } from './constants';
import { isIsoDate, todayInLondon, yearsAfter } from './dates';
import { MESSAGES } from './messages';

/** A stored away period (spec §3): both dates inclusive, YYYY-MM-DD. */
export interface AwayDate {
  id: string;
  startDate: string;
  endDate: string;
  reason?: string;
  /** Epoch milliseconds. */
  createdAt: number;
  status: 'active';
}

/** What `isDateAway` needs of an away period. Entries whose status is not 'active' are ignored. */
export interface AwayDateRange {
  startDate: string;
  endDate: string;
  status?: string;
}

/** True when the day (YYYY-MM-DD) falls inside any active away period, ends included. */
export function isDateAway(date: string, awayDates: readonly AwayDateRange[] | null | undefined): boolean {
  return (awayDates ?? []).some(
    (away) =>
      (away.status === undefined || away.status === 'active') &&
      away.startDate <= date &&
      date <= away.endDate,
  );
}

/** The days the away calendar lets a business pick: today up to one year ahead. */
export function awayDateBounds(today: string = todayInLondon()): { min: string; max: string } {
  return { min: today, max: yearsAfter(today, AWAY_MAX_AHEAD_YEARS) };
}

/**
 * The first problem of one away period, or null. `isNew` marks a period the server does not have
 * yet: only those must not start in the past (a stored period that has begun or ended is sent
 * back unchanged whenever the whole list is saved, and must not block the save).
 */
export function awayDateError(
  entry: { startDate: string; endDate: string; reason?: string | null },
  { today = todayInLondon(), isNew }: { today?: string; isNew: boolean },
): { field: 'startDate' | 'endDate' | 'reason'; message: string } | null {
  if (!isIsoDate(entry.startDate)) return { field: 'startDate', message: MESSAGES.awayDateFormat };
  if (!isIsoDate(entry.endDate)) return { field: 'endDate', message: MESSAGES.awayDateFormat };
  if (entry.startDate > entry.endDate) return { field: 'endDate', message: MESSAGES.awayStartAfterEnd };
  if ((entry.reason ?? '').trim().length > AWAY_REASON_MAX_LENGTH) {
    return { field: 'reason', message: MESSAGES.awayReasonMax };
  }
  if (isNew && entry.startDate < today) return { field: 'startDate', message: MESSAGES.awayInPast };
  if (entry.endDate > awayDateBounds(today).max)
    return { field: 'endDate', message: MESSAGES.awayTooFarAhead };
  return null;
}

/** An away period as a client sends it (id, createdAt and status are ignored unless the server knows the id). */
export interface AwayDateInput {
  id?: string | undefined;
  startDate: string;
  endDate: string;
  reason?: string | null | undefined;
  createdAt?: number | undefined;
  status?: string | undefined;
}

/**
 * The list to store after a save: entries the server already has keep their id and createdAt; any
 * other entry (no id, or an id the server does not know) gets a new id and createdAt = now.
 */
export function mergeAwayDates(
  existing: readonly AwayDate[],
  incoming: readonly AwayDateInput[],
  { now, newId }: { now: number; newId: () => string },
): AwayDate[] {
  const known = new Map(existing.map((entry) => [entry.id, entry]));
  return incoming.map((entry) => {
    const previous = entry.id === undefined ? undefined : known.get(entry.id);
    const merged: AwayDate = {
      id: previous?.id ?? newId(),
      startDate: entry.startDate,
      endDate: entry.endDate,
      createdAt: previous?.createdAt ?? now,
      status: 'active',
    };
    const reason = entry.reason?.trim();
    if (reason) merged.reason = reason;
    return merged;
  });
}

/** Entries of `incoming` the server does not have yet (no id, or an unknown id). */
export function newAwayDateEntries<T extends { id?: string | undefined }>(
  existing: readonly { id: string }[],
  incoming: readonly T[],
): T[] {
  const known = new Set(existing.map((entry) => entry.id));
  return incoming.filter((entry) => entry.id === undefined || !known.has(entry.id));
}
