import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

const STEP_PARAM = 'step';

/** History state of an entry a wizard pushed: the step it was pushed from. */
interface WizardEntryState {
  wizardStepFrom?: string;
}

/** The history entry a wizard last went back from (its `location.key`). */
let wentBackFrom: string | undefined;

const withStep = (search: string, key: string) => {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, key);
  return `?${params.toString()}`;
};

export interface WizardStep<K extends string> {
  /** The step shown. */
  index: number;
  key: K;
  /** Shows another step as a new history entry, so browser Back returns to this one. */
  goTo: (key: K) => void;
  /** The previous step: back through history when this entry came from it, otherwise in place. */
  back: () => void;
}

/**
 * A wizard's step, kept in the URL (`?step=price`): a reload stays on it, and the browser's Back
 * and Forward move between steps instead of leaving the wizard. `resumeAt` (a saved draft's step)
 * is used when the URL names none, rebuilding the entries before it so Back still steps back.
 * `lastReachable` is the furthest step the values allow; a URL past it goes back to the entry the
 * wizard pushed it from, or shows that step in place.
 */
export function useWizardStep<K extends string>(
  keys: readonly K[],
  {
    resumeAt = null,
    lastReachable = keys.length - 1,
    isSettled = false,
  }: {
    resumeAt?: K | null;
    lastReachable?: number;
    /** Leaves the URL as it is (a wizard hydrating its server render, which knew no draft). */
    isSettled?: boolean;
  } = {},
): WizardStep<K> {
  const location = useLocation();
  const navigate = useNavigate();
  const clamp = (index: number) => Math.max(0, Math.min(index, lastReachable, keys.length - 1));

  const requested = keys.indexOf(new URLSearchParams(location.search).get(STEP_PARAM) as K);
  // Read on the first render only: later, a URL without a step means the first step.
  const [resumeIndex] = useState(() => (requested < 0 && resumeAt ? clamp(keys.indexOf(resumeAt)) : 0));
  const isResuming = useRef(requested < 0 && resumeIndex > 0);
  const index = clamp(requested >= 0 ? requested : isResuming.current ? resumeIndex : 0);
  const key = keys[index] as K;

  // biome-ignore lint/correctness/useExhaustiveDependencies: settles the URL once per step shown
  useEffect(() => {
    if (isSettled) return;
    if (isResuming.current) {
      isResuming.current = false;
      // One entry after the other: a navigation started before the last has settled replaces it.
      void (async () => {
        await navigate({ search: withStep(location.search, keys[0] as K) }, { replace: true });
        for (let next = 1; next <= resumeIndex; next += 1) {
          const state: WizardEntryState = { wizardStepFrom: keys[next - 1] };
          await navigate({ search: withStep(location.search, keys[next] as K) }, { state });
        }
      })();
      return;
    }
    if (requested <= index) return;
    // A step the values no longer allow (the request was sent and its choices cleared, or the time
    // has gone). An entry this wizard pushed goes back to the one it came from, so that the steps
    // left behind become Forward history: the browser's Back from the next page then lands on the
    // wizard once, not on each of them in turn. Anything else is shown the allowed step in place.
    if ((location.state as WizardEntryState | null)?.wizardStepFrom !== undefined) {
      // Once per entry: an effect run again before the Back lands (React's development double run,
      // a remount) must not go back a second time, past the wizard.
      if (wentBackFrom === location.key) return;
      wentBackFrom = location.key;
      navigate(-1);
    } else navigate({ search: withStep(location.search, key) }, { replace: true });
  }, [requested, index, isSettled]);

  const goTo = (next: K) => {
    if (next === key) return;
    const state: WizardEntryState = { wizardStepFrom: key };
    navigate({ search: withStep(location.search, next) }, { state });
  };

  const back = () => {
    const previous = keys[index - 1];
    if (previous === undefined) return;
    if ((location.state as WizardEntryState | null)?.wizardStepFrom === previous) navigate(-1);
    else navigate({ search: withStep(location.search, previous) }, { replace: true });
  };

  return { index, key, goTo, back };
}
