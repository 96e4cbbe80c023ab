import { describe, expect, it } from 'vitest';
import { parseCsv, productImportTemplate, productSecretsCsv } from './product-import.rules';
import { readProductImport } from './product-import.schema';

describe('parseCsv', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, and numbers rows by their first line', () => {
    const rows = parseCsv('a,b\r\n"x,1","say ""hi""\nthere"\r\n\r\nlast,');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x,1', 'say "hi"\nthere'] },
      { line: 5, cells: ['last', ''] },
    ]);
  });

  it('takes the semicolon when the header has more of them than commas, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFa;b\n1,5;2\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1,5', '2'] },
    ]);
  });
});

describe('readProductImport', () => {
  it('accepts its own template', () => {
    const read = readProductImport(productImportTemplate());
    expect(read).toEqual({
      problems: [],
      products: [
        {
          row: 2,
          product: {
            serialNumber: 'SN00012345',
            modelNumber: 'WB-500',
            fw00: '1.0.0',
            fw02: '1.0.0',
            gamma: 'infinity',
            ratingPower: 'M3',
            revision: 'A',
            type: 'undercounter',
            country: 'IT',
          },
        },
      ],
    });
  });

  it('names a too long model number and an unknown machine type', () => {
    const read = readProductImport(
      `serialNumber,modelNumber,fw00,fw02,gamma,ratingPower,type\nSN0001,${'m'.repeat(41)},1,1,prime,M2,boat\n`,
    );
    expect(read).toEqual({
      products: [],
      problems: [
        { row: 2, column: 'modelNumber', reason: 'tooLong' },
        { row: 2, column: 'type', reason: 'notAllowed' },
      ],
    });
  });

  it('refuses a header that names a column twice', () => {
    expect(readProductImport('serialNumber,serialNumber,modelNumber,fw00,fw02,gamma,ratingPower\n')).toEqual({
      fileError: { kind: 'columns', missing: [], unknown: ['serialNumber'] },
    });
  });
});

describe('productSecretsCsv', () => {
  it('writes serial number, secret and model, quoting what needs it', () => {
    expect(productSecretsCsv([{ serialNumber: 'SN1', deviceSecret: 'abc-_1', modelNumber: 'WB,"9"' }])).toBe(
      'serialNumber,deviceSecret,modelNumber\r\nSN1,abc-_1,"WB,""9"""\r\n',
    );
  });
});
