import { startTransition, useEffect, useState } from 'react';
import { useAppHistory } from './navigation';

/** Cards rendered with the first paint of a list, and added in each later step. */
export const FIRST_STEP = 4;

/**
 * How many of a list's `total` items to render. On the page the tab opened with, the list renders its
 * first FIRST_STEP items at once and then FIRST_STEP more after each paint, in transitions, until all
 * are in: the phone's screen holds two or three cards, and putting a whole list of Mantine cards into
 * the document in one commit held the main thread for hundreds of milliseconds while the page loaded.
 * Once the person has moved between pages, every list renders whole at once, so Back can restore the
 * scroll position of a long list.
 */
export function useStepwiseCount(total: number): number {
  const history = useAppHistory();
  const [shown, setShown] = useState(() =>
    history.scrollPositions.size > 0 ? Number.POSITIVE_INFINITY : FIRST_STEP,
  );
  useEffect(() => {
    // Nothing to add until the list has arrived; once the whole list is in, later growth (the next
    // page of results) renders at once.
    if (shown === Number.POSITIVE_INFINITY || total === 0) return;
    // After the browser has painted this step (a task, not a microtask).
    const timer = window.setTimeout(() =>
      startTransition(() =>
        setShown((count) => (count + FIRST_STEP >= total ? Number.POSITIVE_INFINITY : count + FIRST_STEP)),
      ),
    );
    return () => window.clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
