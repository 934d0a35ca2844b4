import { VALIDATION_DEBOUNCE_MS } from '@app/domain';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { type FormEvent, useRef } from 'react';

/** Every field's first message, computed by a domain rule (e.g. `signUpFormErrors`). */
export type FormValidator<Values> = (values: Values) => Record<string, string>;

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
  validate: FormValidator<Values>;
  debounceMs?: number;
}): ValidatedForm<Values> {
  const scheduleRef = useRef<() => void>(() => {});
  const submittedRef = useRef(false);

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
    const errors = validate(form.getValues());
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (submittedRef.current || form.isTouched(field)) shown[field] = message;
    }
    form.setErrors(shown);
  };
  const scheduleValidation = useDebouncedCallback(validateVisited, debounceMs);
  scheduleRef.current = scheduleValidation;

  const onSubmit: ValidatedForm<Values>['onSubmit'] = (onValid) => (event) => {
    event?.preventDefault();
    submittedRef.current = true;
    scheduleValidation.cancel();
    const values = form.getValues();
    const errors = validate(values);
    form.setErrors(errors);
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      form.getInputNode(firstInvalid as never)?.focus();
      return;
    }
    onValid(values);
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
