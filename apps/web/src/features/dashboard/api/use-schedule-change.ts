import type { AgreedBookingsCheckResponse, AgreedBookingsDecision, Booking, UserProfile } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { userDetailsQueryOptions } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** Which setting a change is of: it names the change in the dialog's words. */
export type ScheduleChangeKind = 'awayDates' | 'availability';

export interface ScheduleChangeCalls<TChange> {
  kind: ScheduleChangeKind;
  /** POST …/check: the agreed bookings the change falls on. */
  check: (change: TChange) => Promise<AgreedBookingsCheckResponse>;
  /** PUT: the change, with what becomes of those bookings. */
  save: (change: TChange, decision?: AgreedBookingsDecision) => Promise<UserProfile>;
}

/** What the dialog shows while the business decides. */
export interface AgreedBookingsQuestion {
  kind: ScheduleChangeKind;
  bookings: Booking[];
  /** The list changed since it was first shown (a booking agreed or cancelled meanwhile). */
  changed: boolean;
}

/** A saved change: the profile as saved, and how many agreed bookings it cancelled. */
export interface SavedScheduleChange {
  profile: UserProfile;
  cancelled: number;
}

const isAgreedBookingsChanged = (error: unknown) =>
  error instanceof ApiError && error.code === 'AgreedBookingsChanged';

/** How many times a save goes round when the bookings keep changing under it. */
const MAX_ROUNDS = 3;

/**
 * Saves a change of the business's hours or away dates (issue 29). It goes straight through when it
 * falls on no agreed booking; else (409 AgreedBookingsChanged) the server's list of them is shown
 * (`question`) and the change waits for the business to keep or cancel them (`decide`) or to back
 * out (`back`). `save` resolves with what was saved, or null when the business backed out (or left
 * the page); a list that changed meanwhile is shown again, saying so.
 */
export function useScheduleChange<TChange>(calls: ScheduleChangeCalls<TChange>) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState<AgreedBookingsQuestion | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const pending = useRef<{ change: TChange; settle: (saved: SavedScheduleChange | null) => void } | null>(
    null,
  );
  const mutation = useMutation({
    mutationFn: ({ change, decision }: { change: TChange; decision?: AgreedBookingsDecision }) =>
      calls.save(change, decision),
    onSuccess: (profile, { decision }) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
      // Cancelled bookings leave the dashboard's lists.
      if (decision?.action === 'cancel') void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    },
  });
  // Leaving the page while the dialog asks: the save is abandoned, and its caller told so.
  useEffect(() => () => pending.current?.settle(null), []);

  /** Saves with `decision`; on a 409, reads the list again: null then means the business must choose. */
  const attempt = async (
    change: TChange,
    decision: AgreedBookingsDecision | undefined,
    changed: boolean,
  ): Promise<SavedScheduleChange | null> => {
    for (let round = 0; ; round += 1) {
      try {
        const profile = await mutation.mutateAsync({ change, decision });
        return { profile, cancelled: decision?.action === 'cancel' ? decision.bookingIds.length : 0 };
      } catch (error) {
        if (!isAgreedBookingsChanged(error) || round + 1 >= MAX_ROUNDS) throw error;
      }
      setIsChecking(true);
      const { bookings } = await calls.check(change).finally(() => setIsChecking(false));
      if (bookings.length > 0) {
        setQuestion({ kind: calls.kind, bookings, changed });
        return null;
      }
      // Gone again by the time of the check (cancelled meanwhile): the change goes as it is.
      decision = undefined;
    }
  };

  const save = async (change: TChange): Promise<SavedScheduleChange | null> => {
    const saved = await attempt(change, undefined, false);
    if (saved) return saved;
    return new Promise((resolve) => {
      pending.current = { change, settle: resolve };
    });
  };

  const finish = (saved: SavedScheduleChange | null) => {
    setQuestion(null);
    pending.current?.settle(saved);
    pending.current = null;
  };

  /** Saves the change with the decision; a list changed meanwhile is asked about again. */
  const decide = async (decision: AgreedBookingsDecision): Promise<void> => {
    const current = pending.current;
    if (!current) return;
    const saved = await attempt(current.change, decision, true);
    if (saved) finish(saved);
  };

  return {
    save,
    question,
    decide,
    back: () => finish(null),
    isPending: mutation.isPending || isChecking,
  };
}
