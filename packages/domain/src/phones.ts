/**
 * api-contract §8.1: spaces, dashes and brackets a person types in a phone number are ignored
 * before the spec's rules run, and phones are stored without them. NOTE: a bracketed trunk zero
 * after a country code ('+44 (0)7123 456789') goes with its brackets: it is never dialled there.
 */
export function stripPhoneSeparators(value: string): string {
  return value
    .trim()
    .replace(/^(\+\d{1,3})\s*\(0\)/, '$1')
    .replace(/[\s\p{Pd}()]/gu, '');
}
