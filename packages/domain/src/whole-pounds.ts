// No imports: the price rules that use these run on pages that have no zod (prices.ts).

/** Typed text without its surrounding spaces and a leading pound sign ('£30', '£ 30': '30'). */
const amountText = (value: string) => value.trim().replace(/^£\s*/, '');

/**
 * Whole pounds given as a number or as numeric text ("45", or "£45" as people write it: issue 29,
 * item 8). Returns the number, or null when the value is empty, not a number, or has a fractional
 * part.
 */
export function parseWholePounds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = amountText(value);
  return /^\d{1,15}(\.0+)?$/.test(text) ? Number(text) : null;
}

/**
 * True when the value is text that is not an amount at all ('thirty', '30p', '£'): its message
 * says what is wrong with it rather than naming a minimum it may well meet.
 */
export function isNotAnAmount(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = amountText(value);
  return value.trim() !== '' && !/^-?(\d+\.?\d*|\.\d+)$/.test(text);
}

/**
 * True when the value is a number with a fractional part, or text typed as a decimal that is not
 * a whole number of pounds ('7.50', '7.', '.5', '-2.5'). '45.0' is whole and reads as 45.
 */
export function isFractionalNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Number.isInteger(value);
  if (typeof value !== 'string') return false;
  const text = amountText(value);
  return /^-?(\d+\.\d*|\.\d+)$/.test(text) && parseWholePounds(text) === null;
}
