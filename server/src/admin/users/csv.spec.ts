import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and null as an empty cell', () => {
    expect(csvCell('ann@example.test')).toBe('ann@example.test');
    expect(csvCell(1024)).toBe('1024');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('The "boss"')).toBe('"The ""boss"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=1+1', '+31 20', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes %j with a quote so a spreadsheet shows it as text',
    (text) => {
      expect(csvCell(text).replace(/^"|"$/g, '').startsWith(`'${text[0]}`)).toBe(true);
    },
  );

  it('quotes a formula that also holds a comma after prefixing it', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('leaves a negative number alone: only text is read as a formula', () => {
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvLine([1, 'a,b', null])).toBe('1,"a,b",\r\n');
  });
});
