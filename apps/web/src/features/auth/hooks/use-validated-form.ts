import { VALIDATION_DEBOUNCE_MS } from '@app/domain';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { type FormEvent, useEffect, useRef } from 'react';
import { whenEngagedOrIdle } from '@/lib/idle';

/** Every field's first message, computed by a domain rule (e.g. `signUpFormErrors`). */
export type FormValidator<Values> = (values: Values) => Record<string, string>;

/**
 * A validator whose code is fetched when the person engages with the page, or when a check needs it
 * (the domain's zod schemas are ~30 kB gzip, kept off the first load of the sign-in page). Create it
 * once, at module level.
 */
export interface LazyFormValidator<Values> {
  /** The validator once loaded. */
  readonly current: FormValidator<Values> | undefined;
  load: () => Promise<FormValidator<Values>>;
}

export function lazyValidator<Values>(
  importValidator: () => Promise<FormValidator<Values>>,
): LazyFormValidator<Values> {
  let current: FormValidator<Values> | undefined;
  let loading: Promise<FormValidator<Values>> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importValidator().then(
        (validator) => {
          current = validator;
          return validator;
        },
        (error: unknown) => {
          loading = undefined; // the next attempt fetches again
          throw error;
        },
      );
      return loading;
    },
  };
}

export interface ValidatedForm<Values> {
  form: UseFormReturnType<Values>;
  /** A submit handler: validates everything at once and calls `onValid` only when nothing fails. */
  onSubmit: (onValid: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * A Mantine form validated by a domain rule with a debounce (spec §5: 300 ms after typing stops).
 * Messages appear only for fields the person has visited, and for every field after a submit.
 */
export function useValidatedForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
  debounceMs = VALIDATION_DEBOUNCE_MS,
}: {
  initialValues: Values;
  validate: FormValidator<Values> | LazyFormValidator<Values>;
  debounceMs?: number;
}): ValidatedForm<Values> {
  const scheduleRef = useRef<() => void>(() => {});
  const submittedRef = useRef(false);
  const rule = typeof validate === 'function' ? undefined : validate;
  const currentValidator = () => (typeof validate === 'function' ? validate : validate.current);

  // Fetch a lazy validator's code when the person engages with the page (or at once when a check
  // needs it).
  useEffect(() => {
    if (!rule) return;
    return whenEngagedOrIdle(() =>
      rule.load().catch((error: unknown) => console.warn('Loading the form rules failed', error)),
    );
  }, [rule]);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    // Messages stay until the debounced check replaces them, so they do not flicker while typing.
    clearInputErrorOnChange: false,
    onValuesChange: () => scheduleRef.current(),
    enhanceGetInputProps: ({ inputProps }) => {
      // Captured now: the returned props are merged into this same object, replacing onBlur.
      const markVisited = inputProps.onBlur as ((...args: unknown[]) => void) | undefined;
      return {
        onBlur: (...args: unknown[]) => {
          markVisited?.(...args);
          scheduleRef.current();
        },
      };
    },
  });

  const validateVisited = () => {
    const check = currentValidator();
    if (!check) {
      rule?.load().then(validateVisited, () => {});
      return;
    }
    const errors = check(form.getValues());
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (submittedRef.current || form.isTouched(field)) shown[field] = message;
    }
    form.setErrors(shown);
  };
  const scheduleValidation = useDebouncedCallback(validateVisited, debounceMs);
  scheduleRef.current = scheduleValidation;

  const submitWith = (check: FormValidator<Values> | undefined, onValid: (values: Values) => void) => {
    const values = form.getValues();
    // NOTE: if the rules could not be loaded (offline), the server still checks the same rules.
    const errors = check ? check(values) : {};
    form.setErrors(errors);
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      form.getInputNode(firstInvalid as never)?.focus();
      return;
    }
    onValid(values);
  };

  const onSubmit: ValidatedForm<Values>['onSubmit'] = (onValid) => (event) => {
    event?.preventDefault();
    submittedRef.current = true;
    scheduleValidation.cancel();
    const check = currentValidator();
    if (check || !rule) {
      submitWith(check, onValid);
      return;
    }
    rule.load().then(
      (loaded) => submitWith(loaded, onValid),
      () => submitWith(undefined, onValid),
    );
  };

  return { form, onSubmit };
}

/** Adapts a domain zod schema into a FormValidator (first message per field). */
export function schemaValidator<Values>(schema: {
  safeParse: (values: unknown) => { success: boolean; error?: { issues: readonly ZodIssueLike[] } };
}): FormValidator<Values> {
  return (values) => {
    const result = schema.safeParse(values);
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const key = issue.path.map(String).join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}
