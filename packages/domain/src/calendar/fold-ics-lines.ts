/** RFC 5545 §3.1: a content line is at most 75 octets, CRLF excluded. */
export const MAX_ICS_LINE_OCTETS = 75;

/** The UTF-8 length of one code point. */
const utf8Octets = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Undoes the folds of an iCalendar text (RFC 5545 §3.1): CRLF followed by a space or a tab. */
export const unfoldIcsLines = (ics: string): string => ics.replace(/\r\n[ \t]/g, '');

/**
 * Folds every line of an iCalendar text at 75 octets, never inside a UTF-8 character (a
 * continuation line starts with a space, which counts). NOTE: the `ics` package folds at 75
 * characters, so a line with `£` or `á` came out longer than 75 octets; its folds are undone
 * first (docs/decisions/0008-ics-line-folding.md).
 */
export function foldIcsLines(ics: string): string {
  return unfoldIcsLines(ics)
    .split('\r\n')
    .map((line) => {
      let folded = '';
      let octets = 0;
      for (const character of line) {
        const size = utf8Octets(character.codePointAt(0) ?? 0);
        if (octets + size > MAX_ICS_LINE_OCTETS) {
          folded += '\r\n ';
          octets = 1;
        }
        folded += character;
        octets += size;
      }
      return folded;
    })
    .join('\r\n');
}
