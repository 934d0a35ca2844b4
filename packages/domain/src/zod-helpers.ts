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

/**
 * True when the value is a number with a fractional part, or text typed as a decimal that is not
 * a whole number of pounds ('7.50', '7.', '.5', '-2.5'). '45.0' is whole and reads as 45.
 */
export function isFractionalNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Number.isInteger(value);
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return /^-?(\d+\.\d*|\.\d+)$/.test(text) && parseWholePounds(text) === null;
}
