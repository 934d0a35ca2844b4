import { useState } from 'react';
import { type FieldErrors, issuesOf } from './errors';

/** What the domain's request schemas offer a form: a check that gives each problem's field and message. */
interface RequestCheck {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A dialog's form (the services and team card's, Block time's, a walk-in's): started afresh from
 * `blank(draft)` each time a new draft opens the dialog, with the field messages of its last
 * check, `field(key)` to bind a text field to it, and `passes(schema, body)` to check a body as the
 * server will before sending it (false, with the messages on the form, when it does not).
 */
export function useDraftForm<Draft, Form extends object>(
  draft: Draft | null,
  blank: (draft: Draft | null) => Form,
) {
  const [form, setForm] = useState<Form>(() => blank(draft));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState(draft);
  if (draft !== shown) {
    setShown(draft);
    setForm(blank(draft));
    setErrors({});
  }
  const field = (key: keyof Form & string) => ({
    value: String(form[key] ?? ''),
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [key]: value }));
    },
  });
  const passes = (schema: RequestCheck, body: unknown) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) setErrors(issuesOf(parsed.error.issues));
    return parsed.success;
  };
  return { form, setForm, errors, setErrors, field, passes };
}
