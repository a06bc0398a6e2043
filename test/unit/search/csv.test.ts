import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/search/csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Smith, Jane', '"Smith, Jane"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    [' padded', '" padded"'],
    ['José Müller-Łukasiewicz 山田', 'José Müller-Łukasiewicz 山田'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['-1 555 0100 =A1', "'-1 555 0100 =A1"],
    ['+', "'+"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('guards what a spreadsheet would run: %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it.each([
    ['+1 363-555-0162'],
    ['+44 7700 900018'],
    ['+1 (617) 555-0123'],
    ['+33.1.23.45.67.89'],
    ['-42'],
    ['-3.5'],
  ])('keeps phone numbers and plain numbers as written: %j', (value) => {
    expect(csvField(value)).toBe(value);
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header, CRLF line ends and a final CRLF', () => {
    const text = toCsv(
      ['Name', 'Email'],
      [
        ['Zoë Schröder', 'zoe@example.org'],
        ['Smith, "JJ"', ''],
      ],
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Name,Email\r\nZoë Schröder,zoe@example.org\r\n"Smith, ""JJ""",\r\n');
  });

  it('encodes to UTF-8 with the byte-order mark first', () => {
    const bytes = new TextEncoder().encode(toCsv(['Name'], [['Zoë']]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nZoë\r\n');
  });

  it('a header alone is a valid file', () => {
    expect(toCsv(['A', 'B'], [])).toBe('\uFEFFA,B\r\n');
  });
});

describe('csvField, its one test for plain fields', () => {
  /** The rules written out one by one, as the writer applied them to every field before its plain-field test. */
  const byTheRules = (value: unknown) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-]?[\d\s().-]*\d[\d\s().-]*$/.test(text)))
      text = `'${text}`;
    return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // Every start, middle and end among the characters the rules look at (Unicode spaces included), and plain ones.
  const parts = [
    '',
    'a',
    '1',
    '=',
    '@',
    '+',
    '-',
    '\t',
    '\r',
    '\n',
    '"',
    ',',
    ' ',
    '\u00a0',
    '\u2028',
    '\ufeff',
    'é',
    '(',
  ];
  it.each(parts)('writes what the rules write for every field starting with %j', (first) => {
    for (const middle of parts)
      for (const last of parts)
        for (const text of [`${first}${middle}${last}`, `${first}x${middle}5${last}`]) {
          expect(csvField(text)).toBe(byTheRules(text));
        }
  });
});
