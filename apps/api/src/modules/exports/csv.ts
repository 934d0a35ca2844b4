/** UTF-8 byte order mark: spreadsheet apps then read `£` and accents as UTF-8 (api-contract §8.9). */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell, safe to open in a spreadsheet: text starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (which a spreadsheet may run as a formula) gets a leading `'` (OWASP CSV
 * injection); then RFC 4180 quoting when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 CSV: CRLF after every record, with the BOM first. */
export const csvDocument = (rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>) =>
  CSV_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
