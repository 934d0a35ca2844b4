import { z } from 'zod';
import { atMostCharacters, MESSAGES } from './messages';

/** A rule over a trimmed string: the message of the first broken rule, or null. */
export type StringRule = (value: string) => string | null;

/**
 * A trimmed, capped string checked by a rule function, so a form and a request body share one
 * rule and one set of messages. `missing` is the message when the field is absent or not a string.
 */
export function ruleString(max: number, rule: StringRule, missing: string = MESSAGES.required) {
  return z
    .string({ error: missing })
    .max(max, atMostCharacters(max))
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/**
 * Whole pounds given as a number or as numeric text ("45"). Returns the number, or null when the
 * value is empty, not a number, or has a fractional part.
 */
export function parseWholePounds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^\d{1,15}(\.0+)?$/.test(text) ? Number(text) : null;
}

/** True when the value is a number or numeric text with a fractional part (e.g. 45.5). */
export function isFractionalNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Number.isInteger(value);
  return typeof value === 'string' && /^\d+\.\d*[1-9]\d*$/.test(value.trim());
}
