import { z } from 'zod';
import { atMostCharacters, MESSAGES } from './messages';

/** A rule over a trimmed string: the message of the first broken rule, or null. */
export type StringRule = (value: string) => string | null;

export interface TextOptions {
  /** Multi-line text (a textarea): tab, line feed and carriage return are allowed. */
  multiline?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/**
 * True when the text holds a C0 control character (U+0000–U+001F) or DEL (U+007F); multi-line text
 * may hold tab, line feed and carriage return. PostgreSQL refuses NUL in text outright, and none of
 * them belongs in a name, an email, a code or a password.
 */
export function hasInvalidCharacters(value: string, { multiline = false }: TextOptions = {}): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === DELETE) return true;
    if (code >= 0x20) continue;
    if (!(multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) return true;
  }
  return false;
}

/**
 * The base of every text field of a form or a request: a string of at most `max` characters with
 * no control characters ('Contains invalid characters'). `missing` is the message when the field
 * is absent or not a string.
 */
export function safeText(max: number, missing: string = MESSAGES.required, options: TextOptions = {}) {
  return z
    .string({ error: missing })
    .refine((value) => !hasInvalidCharacters(value, options), MESSAGES.invalidCharacters)
    .max(max, atMostCharacters(max));
}

/**
 * A trimmed, capped string checked by a rule function, so a form and a request body share one
 * rule and one set of messages. `missing` is the message when the field is absent or not a string.
 * Control characters are refused first (multi-line text may hold tabs and line breaks).
 */
export function ruleString(
  max: number,
  rule: StringRule,
  missing: string = MESSAGES.required,
  options: TextOptions = {},
) {
  return safeText(max, missing, options)
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

export { isFractionalNumber, parseWholePounds } from './whole-pounds';
