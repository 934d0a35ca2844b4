import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+447700900123', "'+447700900123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ['1 Main Street, Belfast, BT1 1AA', '"1 Main Street, Belfast, BT1 1AA"'],
    ['Séan "The Fade" Ó Néill', '"Séan ""The Fade"" Ó Néill"'],
    ['line\nbreak', '"line\nbreak"'],
    ['£30', '£30'],
    ['a=b', 'a=b'],
    [30, '30'],
    [null, ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvDocument', () => {
  it('starts with the BOM and ends every record with CRLF', () => {
    expect(
      csvDocument([
        ['Date', 'Price'],
        ['2026-11-01', '£30'],
      ]),
    ).toBe(`${CSV_BOM}Date,Price\r\n2026-11-01,£30\r\n`);
  });
});
