import { startTransition, useEffect, useState } from 'react';
import { useAppHistory } from './navigation';

/** Cards rendered with the first paint of a list, and added in each later step. */
export const FIRST_STEP = 4;

/** How many items a list waiting `startAfter` steps shows at step `at` (from 0). */
const shownAt = (at: number, startAfter: number) => Math.max(0, at + 1 - startAfter) * FIRST_STEP;

/**
 * How many of a list's `total` items to render. On the page the tab opened with, the list renders its
 * first FIRST_STEP items at once and then FIRST_STEP more after each paint, in transitions, until all
 * are in: the phone's screen holds two or three cards, and putting a whole list of Mantine cards into
 * the document in one commit held the main thread for hundreds of milliseconds while the page loaded.
 * A page with several lists one below the other staggers them: `startAfter` is how many steps a list
 * waits before its first cards (its place on the page), so each step adds about FIRST_STEP cards to
 * the page rather than FIRST_STEP to every list at once.
 * Once the person has moved between pages, every list renders whole at once, so Back can restore the
 * scroll position of a long list.
 */
export function useStepwiseCount(total: number, startAfter = 0): number {
  const history = useAppHistory();
  const [step, setStep] = useState(() => (history.scrollPositions.size > 0 ? Number.POSITIVE_INFINITY : 0));
  useEffect(() => {
    // Nothing to add until the list has arrived; once the whole list is in, later growth (the next
    // page of results) renders at once.
    if (step === Number.POSITIVE_INFINITY || total === 0) return;
    // After the browser has painted this step (a task, not a microtask).
    const timer = window.setTimeout(() =>
      startTransition(() =>
        setStep((at) => (shownAt(at + 1, startAfter) >= total ? Number.POSITIVE_INFINITY : at + 1)),
      ),
    );
    return () => window.clearTimeout(timer);
  }, [step, total, startAfter]);
  return step === Number.POSITIVE_INFINITY ? total : Math.min(shownAt(step, startAfter), total);
}
