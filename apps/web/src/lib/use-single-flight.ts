import { useCallback, useRef, useState } from 'react';

/**
 * Runs a submit at most once at a time: a call made while the previous one is still running is
 * ignored (returns undefined). Every submit button in the app goes through one of these.
 *
 * NOTE: the lock is a ref, not state. A double tap delivers both clicks before React re-renders, so a
 * button disabled (or a handler checking `isPending`) after the first click still lets the second
 * one through; the ref is set synchronously inside the first click.
 */
export function useSingleFlight() {
  const inFlightRef = useRef(false);
  const [isRunning, setIsRunning] = useState(false);

  const run = useCallback(<T>(task: () => Promise<T>): Promise<T> | undefined => {
    if (inFlightRef.current) return undefined;
    inFlightRef.current = true;
    setIsRunning(true);
    const release = () => {
      inFlightRef.current = false;
      setIsRunning(false);
    };
    let pending: Promise<T>;
    try {
      pending = task();
    } catch (error) {
      release();
      throw error;
    }
    return pending.finally(release);
  }, []);

  /** Whether a submit is running now (read in event handlers, where `isRunning` may be stale). */
  const isInFlight = useCallback(() => inFlightRef.current, []);

  return { run, isRunning, isInFlight };
}
