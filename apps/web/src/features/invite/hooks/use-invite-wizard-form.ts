import {
  emptyInviteWizardValues,
  INVITE_STEP_FIELDS,
  INVITE_STEPS,
  type InviteField,
  type InviteStep,
  type InviteWizardValues,
  inviteFieldError,
  VALIDATION_DEBOUNCE_MS,
} from '@app/domain';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef } from 'react';

const ALL_FIELDS: readonly InviteField[] = INVITE_STEPS.flatMap((step) => INVITE_STEP_FIELDS[step]);
// NOTE: Business Hours starts empty and fills day by day, so 'set at least one day' waits for its
// step's Continue (or the final submit) instead of greeting a person still switching days on.
const JUDGED_ON_CHANGE = ALL_FIELDS.filter((field) => field !== 'availability');

export interface InviteWizardForm {
  form: UseFormReturnType<InviteWizardValues>;
  /**
   * Checks one step now (Continue, submit): every field of the step shows its first message from
   * then on. True when the step is valid.
   */
  validateStep: (step: InviteStep) => boolean;
  /** Shows messages the server gave (keyed by wizard field) until the next check replaces them. */
  showServerErrors: (errors: Partial<Record<InviteField, string>>) => void;
}

/**
 * The invite wizard's form (spec §5 "Invite wizard"): each field's first message from the domain
 * rules, shown 300 ms after the field is touched (changed or left) and re-checked 300 ms after
 * any change, so a message that depends on another field (confirmPassword) follows it too. The
 * hours' message shows from their step's Continue on. `initialValues`: a saved draft's answers.
 */
export function useInviteWizardForm(
  initialValues: InviteWizardValues = emptyInviteWizardValues(),
): InviteWizardForm {
  const scheduleRef = useRef<() => void>(() => {});
  // Fields the person has changed or left; a field only focused is not judged yet.
  const touchedRef = useRef(new Set<InviteField>());
  // Fields whose messages show even before they are touched: those of every step checked so far.
  const revealedRef = useRef(new Set<InviteField>());

  const form = useForm<InviteWizardValues>({
    mode: 'controlled',
    initialValues,
    // Messages stay until the debounced check replaces them, so they do not flicker while typing.
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      for (const field of JUDGED_ON_CHANGE) {
        if (values[field] !== previous[field]) touchedRef.current.add(field);
      }
      scheduleRef.current();
    },
    enhanceGetInputProps: ({ inputProps, field }) => {
      // Captured now: the returned props are merged into this same object, replacing onBlur.
      const onBlur = inputProps.onBlur as ((...args: unknown[]) => void) | undefined;
      return {
        onBlur: (...args: unknown[]) => {
          onBlur?.(...args);
          touchedRef.current.add(field as InviteField);
          scheduleRef.current();
        },
      };
    },
  });

  const showCurrentErrors = () => {
    const values = form.getValues();
    const errors: Partial<Record<InviteField, string>> = {};
    for (const field of ALL_FIELDS) {
      if (!revealedRef.current.has(field) && !touchedRef.current.has(field)) continue;
      const message = inviteFieldError(field, values);
      if (message) errors[field] = message;
    }
    form.setErrors(errors);
  };
  const scheduleCheck = useDebouncedCallback(showCurrentErrors, VALIDATION_DEBOUNCE_MS);
  scheduleRef.current = scheduleCheck;

  const validateStep = (step: InviteStep) => {
    scheduleCheck.cancel();
    for (const field of INVITE_STEP_FIELDS[step]) revealedRef.current.add(field);
    showCurrentErrors();
    const values = form.getValues();
    return INVITE_STEP_FIELDS[step].every((field) => inviteFieldError(field, values) === null);
  };

  const showServerErrors = (errors: Partial<Record<InviteField, string>>) => {
    scheduleCheck.cancel();
    // Merged into the messages as they are now: `form.errors` is this render's, from before the
    // submit's own check, and would bring back a message that check had just cleared.
    form.setErrors((current) => ({ ...current, ...errors }));
  };

  return { form, validateStep, showServerErrors };
}
