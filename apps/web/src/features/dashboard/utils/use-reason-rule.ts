import { CANCELLATION_REASON_MAX_LENGTH, MESSAGES } from '@app/domain';
import { useEffect, useState } from 'react';
import { whenEngagedOrIdle } from '@/lib/idle';

type ReasonRule = (value: string) => string | null;

let loadedReasonRule: ReasonRule | undefined;
let loadingReasonRule: Promise<ReasonRule> | undefined;

/** Fetches the reason's rule (domain `cancellationReasonError`, with the profanity word list), once. */
function preloadReasonRule(): Promise<ReasonRule> {
  loadingReasonRule ??= import('./cancellation-reason').then(
    (module) => {
      loadedReasonRule = module.cancellationReasonError;
      return loadedReasonRule;
    },
    (error: unknown) => {
      loadingReasonRule = undefined; // a failed download may be tried again
      throw error;
    },
  );
  return loadingReasonRule;
}

/**
 * Until the full rule has arrived (it loads on the page's first engagement or idle time), only the
 * missing and overlong checks run here; the server applies the whole rule and its message is shown.
 */
function basicReasonError(value: string): string | null {
  const reason = value.trim();
  if (!reason) return MESSAGES.cancellationReasonRequired;
  return reason.length > CANCELLATION_REASON_MAX_LENGTH ? MESSAGES.cancellationReasonMax : null;
}

/** The reason's rule: the domain's once loaded, the basic checks before. */
export function useReasonRule(): ReasonRule {
  const [rule, setRule] = useState<ReasonRule | undefined>(() => loadedReasonRule);
  useEffect(() => {
    if (rule) return;
    let isMounted = true;
    const cancel = whenEngagedOrIdle(() => {
      preloadReasonRule().then(
        (loaded) => {
          if (isMounted) setRule(() => loaded);
        },
        () => {}, // the basic checks stay; the server still checks the rest
      );
    });
    return () => {
      isMounted = false;
      cancel();
    };
  }, [rule]);
  return rule ?? basicReasonError;
}
