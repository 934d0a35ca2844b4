import { VALIDATION_DEBOUNCE_MS } from '@app/domain';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
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

/** The props a text field (or native select) spreads: value, change, visit and message. */
export interface TextFieldProps {
  value: string;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  /** Finds the field for `getInputNode` (focus on the first invalid one). */
  'data-path': string;
}

/** The props a checkbox spreads. */
export type CheckboxFieldProps = Omit<TextFieldProps, 'value'> & { checked: boolean };

/**
 * The form state the auth views use: values, messages, visited fields and the props each control
 * spreads. NOTE: written here rather than with @mantine/form, whose 6 kB gzip (with the debounce
 * hook) was the largest library on the sign-in page's first load; these few fields need none of
 * its lists, nested paths or validation modes.
 */
export interface AuthForm<Values> {
  values: Values;
  errors: Record<string, string>;
  /** The latest values, including a change not yet rendered. */
  getValues: () => Values;
  setFieldValue: <Field extends keyof Values & string>(field: Field, value: Values[Field]) => void;
  /** Replaces every message (empty ones dropped). Stable between renders. */
  setErrors: (errors: Record<string, string>) => void;
  /** Whether the person has changed or left the field. */
  isTouched: (field: string) => boolean;
  getInputNode: (field: string) => HTMLElement | null;
  getInputProps: {
    (field: keyof Values & string): TextFieldProps;
    (field: keyof Values & string, options: { type: 'checkbox' }): CheckboxFieldProps;
  };
}

export interface ValidatedForm<Values> {
  form: AuthForm<Values>;
  /** A submit handler: validates everything at once and calls `onValid` only when nothing fails. */
  onSubmit: (onValid: (values: Values) => void) => (event?: FormEvent<HTMLFormElement>) => void;
}

/** A change handler's argument as a value: an input's event (checkbox: checked) or the value itself. */
function changedValue(eventOrValue: unknown): unknown {
  const target =
    typeof eventOrValue === 'object' && eventOrValue !== null && 'currentTarget' in eventOrValue
      ? eventOrValue.currentTarget
      : undefined;
  if (target instanceof HTMLInputElement) return target.type === 'checkbox' ? target.checked : target.value;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target.value;
  return eventOrValue;
}

const withoutEmpty = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => Boolean(message)));

/**
 * A form validated by a domain rule with a debounce (spec §5: 300 ms after typing stops). Messages
 * appear only for fields the person has changed or left, and for every field after a submit.
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
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  const valuesRef = useRef(values);
  const touchedRef = useRef<Record<string, boolean>>({});
  const timerRef = useRef<number | undefined>(undefined);
  const validateVisitedRef = useRef(() => {});
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

  const cancelValidation = () => window.clearTimeout(timerRef.current);
  const scheduleValidation = () => {
    cancelValidation();
    timerRef.current = window.setTimeout(() => validateVisitedRef.current(), debounceMs);
  };
  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const setErrors = useCallback((next: Record<string, string>) => setErrorsState(withoutEmpty(next)), []);
  const getValues = useCallback(() => valuesRef.current, []);

  const setFieldValue: AuthForm<Values>['setFieldValue'] = (field, value) => {
    touchedRef.current[field] = true;
    if (valuesRef.current[field] === value) return;
    // Messages stay until the debounced check replaces them, so they do not flicker while typing.
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    scheduleValidation();
  };

  const getInputProps = ((field: keyof Values & string, options?: { type: 'checkbox' }) => {
    const current = values[field];
    return {
      ...(options?.type === 'checkbox' ? { checked: current === true } : { value: current }),
      onChange: (eventOrValue: unknown) =>
        setFieldValue(field, changedValue(eventOrValue) as Values[typeof field]),
      // A field only focused is not judged yet: "Passwords must match" must not greet a person who
      // has just tabbed into the empty confirmation (issue 29, item 10). Leaving it judges it.
      onBlur: () => {
        touchedRef.current[field] = true;
        scheduleValidation();
      },
      error: errors[field],
      'data-path': field,
    };
  }) as AuthForm<Values>['getInputProps'];

  const form: AuthForm<Values> = {
    values,
    errors,
    getValues,
    setFieldValue,
    setErrors,
    isTouched: (field) => touchedRef.current[field] === true,
    getInputNode: (field) => document.querySelector<HTMLElement>(`[data-path="${field}"]`),
    getInputProps,
  };

  const validateVisited = () => {
    const check = currentValidator();
    if (!check) {
      rule?.load().then(validateVisited, () => {});
      return;
    }
    const errors = check(getValues());
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (submittedRef.current || form.isTouched(field)) shown[field] = message;
    }
    setErrors(shown);
  };
  validateVisitedRef.current = validateVisited;

  const submitWith = (check: FormValidator<Values> | undefined, onValid: (values: Values) => void) => {
    const values = getValues();
    // NOTE: if the rules could not be loaded (offline), the server still checks the same rules.
    const errors = check ? check(values) : {};
    setErrors(errors);
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      form.getInputNode(firstInvalid)?.focus();
      return;
    }
    onValid(values);
  };

  const onSubmit: ValidatedForm<Values>['onSubmit'] = (onValid) => (event) => {
    event?.preventDefault();
    submittedRef.current = true;
    cancelValidation();
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
