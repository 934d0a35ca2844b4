// No imports: the price rules that use these run on pages that have no zod (prices.ts).

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
