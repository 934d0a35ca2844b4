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

/** A UK number as dialled at home: 0 and 10 digits ('07123456789'). */
const UK_NATIONAL_NUMBER = /^0\d{10}$/;

/**
 * A phone as stored (api-contract §8.1, every phone field): without separators, and a UK number
 * typed with its leading 0 in international form ('07123 456789' → '+447123456789').
 * NOTE: only 0 and 10 digits is read as UK; an Irish '087 123 4567' (0 and 9 digits) is left for
 * the format message rather than stored as a wrong +44 number.
 */
export function normalisePhone(value: string): string {
  const phone = stripPhoneSeparators(value);
  return UK_NATIONAL_NUMBER.test(phone) ? `+44${phone.slice(1)}` : phone;
}

/**
 * A stored phone as a person in Northern Ireland writes it, for a spreadsheet (issue 29, item 14):
 * a UK number in national form with the usual spaces ('+447123456789' → '07123 456789',
 * '+442890123456' → '028 9012 3456'), an Irish one with the international prefix
 * dialled from here ('+353871234567' → '00353 871234567'). Both are text to a spreadsheet (the
 * space) and start with a digit, so no formula guard is needed. Any other number comes back as
 * stored (the CSV's guard then keeps its '+' from being read as a formula).
 */
export function nationalPhone(stored: string): string {
  const uk = /^\+44(\d{10})$/.exec(stored);
  if (uk?.[1]) {
    const national = `0${uk[1]}`;
    // Two-digit area codes (028 Northern Ireland, 020 London, …): 0AA NNNN NNNN.
    if (national.startsWith('02'))
      return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
    return `${national.slice(0, 5)} ${national.slice(5)}`;
  }
  const irish = /^\+353(\d{7,10})$/.exec(stored);
  if (irish?.[1]) return `00353 ${irish[1]}`;
  return stored;
}
