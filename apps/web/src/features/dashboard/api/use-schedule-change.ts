import type { AgreedBookingsCheckResponse, AgreedBookingsDecision, Booking, UserProfile } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
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

const isAgreedBookingsChanged = (error: unknown) =>
  error instanceof ApiError && error.code === 'AgreedBookingsChanged';

/**
 * Saves a change of the business's hours or away dates (issue 29). It goes straight through when it
 * falls on no agreed booking; else (409 AgreedBookingsChanged) the server's list of them is shown
 * (`question`) and the change waits for the business to keep or cancel them (`decide`) or to back
 * out (`back`). `save` resolves with the saved profile, or null when the business backed out; a
 * list that changed meanwhile is shown again, saying so.
 */
export function useScheduleChange<TChange>(calls: ScheduleChangeCalls<TChange>) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState<AgreedBookingsQuestion | null>(null);
  const pending = useRef<{ change: TChange; settle: (profile: UserProfile | null) => void } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ change, decision }: { change: TChange; decision?: AgreedBookingsDecision }) =>
      calls.save(change, decision),
    onSuccess: (profile, { decision }) => {
      queryClient.setQueryData(userDetailsQueryOptions().queryKey, profile);
      // Cancelled bookings leave the dashboard's lists.
      if (decision?.action === 'cancel') void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    },
  });

  const ask = async (change: TChange, changed: boolean): Promise<boolean> => {
    const { bookings } = await calls.check(change);
    if (bookings.length === 0) return false;
    setQuestion({ kind: calls.kind, bookings, changed });
    return true;
  };

  const save = async (change: TChange): Promise<UserProfile | null> => {
    try {
      return await mutation.mutateAsync({ change });
    } catch (error) {
      if (!isAgreedBookingsChanged(error)) throw error;
    }
    // Gone again by the time of the check (cancelled meanwhile): the change goes through as it is.
    if (!(await ask(change, false))) return mutation.mutateAsync({ change });
    return new Promise((resolve) => {
      pending.current = { change, settle: resolve };
    });
  };

  const finish = (profile: UserProfile | null) => {
    setQuestion(null);
    pending.current?.settle(profile);
    pending.current = null;
  };

  /** Saves the change with the decision; a list changed meanwhile is asked about again. */
  const decide = async (decision: AgreedBookingsDecision): Promise<void> => {
    const current = pending.current;
    if (!current) return;
    try {
      finish(await mutation.mutateAsync({ change: current.change, decision }));
    } catch (error) {
      if (!isAgreedBookingsChanged(error)) throw error;
      if (!(await ask(current.change, true))) finish(await mutation.mutateAsync({ change: current.change }));
    }
  };

  return { save, question, decide, back: () => finish(null), isPending: mutation.isPending };
}
