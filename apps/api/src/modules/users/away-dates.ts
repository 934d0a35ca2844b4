import { randomUUID } from 'node:crypto';
import { type AwayDate, type AwayDateInput, awayDateError, mergeAwayDates, todayInLondon } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AwayDateRow, NewAwayDateRow } from '../../repositories/users.repository';
import { toAwayDate } from './users.mapper';

/**
 * The list PUT /user/away-dates stores in place of `stored`: entries the server has keep their id
 * and createdAt (mergeAwayDates); an entry that is new (unknown id) or whose dates changed must not
 * start in the past, checked against the server's clock (400 naming the entry's field otherwise).
 */
export function mergedAwayDates(
  stored: readonly AwayDateRow[],
  incoming: readonly AwayDateInput[],
  now: Date,
): AwayDate[] {
  const today = todayInLondon(now);
  const existing = stored.map(toAwayDate) as AwayDate[];
  const known = new Map(existing.map((entry) => [entry.id, entry]));
  const seen = new Set<string>();
  const entries = incoming.map((entry, index) => {
    // The same stored id twice: the second copy is a new entry (ids stay unique).
    const isRepeat = entry.id !== undefined && seen.has(entry.id);
    if (entry.id !== undefined) seen.add(entry.id);
    const kept = entry.id === undefined || isRepeat ? undefined : known.get(entry.id);
    const isNew = !kept || kept.startDate !== entry.startDate || kept.endDate !== entry.endDate;
    const problem = awayDateError(entry, { today, isNew });
    if (problem) {
      throw new AppError('ValidationError', problem.message, undefined, {
        [`awayDates.${index}.${problem.field}`]: problem.message,
      });
    }
    return isRepeat ? { ...entry, id: undefined } : entry;
  });
  return mergeAwayDates(existing, entries, { now: now.getTime(), newId: randomUUID });
}

/** The rows of an account's away list. */
export const toAwayDateRows = (userId: string, awayDates: readonly AwayDate[]): NewAwayDateRow[] =>
  awayDates.map((entry) => ({
    id: entry.id,
    user_id: userId,
    start_date: entry.startDate,
    end_date: entry.endDate,
    reason: entry.reason ?? null,
    status: entry.status,
    created_at: new Date(entry.createdAt).toISOString(),
  }));
