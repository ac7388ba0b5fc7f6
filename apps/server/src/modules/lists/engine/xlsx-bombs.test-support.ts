import { Readable } from 'node:stream';
import JSZip from 'jszip';

/**
 * Workbooks built to hurt a reader, generated with jszip as an attacker would: tiny zipped, huge
 * unpacked. Their XML streams into the zip, so building one never holds its unpacked size.
 */
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** `head`, then `unit` `times` times, then `tail`, as a stream. */
function repeated(head: string, unit: string, times: number, tail: string): Readable {
  return Readable.from(
    (function* () {
      yield head;
      const block = unit.repeat(1000);
      for (let i = 0; i < times; i += 1000) yield block;
      yield tail;
    })(),
  );
}

async function workbook(parts: Record<string, string | Readable>): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('xl/workbook.xml', WORKBOOK);
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
    streamFiles: true,
  });
}

const twoRowSheet = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`;

/** A shared-string table of `mb` megabytes (1,000-character strings) behind a two-row sheet. */
export function sharedStringsBomb(mb = 256): Promise<Buffer> {
  const unit = `<si><t>${'A'.repeat(1000)}</t></si>`;
  const times = Math.ceil((mb * 1024 * 1024) / unit.length);
  return workbook({
    'xl/worksheets/sheet1.xml': twoRowSheet,
    'xl/sharedStrings.xml': repeated(`<sst ${NS}>`, unit, times, '</sst>'),
  });
}

/** A sheet of `rows` rows of one small number each, under a header. */
export function manyRowsSheet(rows = 1_000_000): Promise<Buffer> {
  return workbook({
    'xl/worksheets/sheet1.xml': Readable.from(
      (function* () {
        yield `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c></row>`;
        let block = '';
        for (let r = 2; r <= rows + 1; r += 1) {
          block += `<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`;
          if (block.length < 64_000) continue;
          yield block;
          block = '';
        }
        yield `${block}</sheetData></worksheet>`;
      })(),
    ),
  });
}

/** One cell of `mb` megabytes of text: small enough for every cap, too big for the reader's heap. */
export function giantCellSheet(mb = 200): Promise<Buffer> {
  return workbook({
    'xl/worksheets/sheet1.xml': repeated(
      `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`,
      'A'.repeat(1024),
      mb * 1024,
      '</t></is></c></row></sheetData></worksheet>',
    ),
  });
}

/** A small, honest workbook: a header and `rows` rows of a name and a phone. */
export function plainWorkbook(rows: number): Promise<Buffer> {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  let xml = `<worksheet ${NS}><sheetData><row r="1">${cell('A1', 'Name')}${cell('B1', 'Phone')}</row>`;
  for (let r = 2; r <= rows + 1; r += 1)
    xml += `<row r="${r}">${cell(`A${r}`, `Owner ${r}`)}${cell(`B${r}`, `(334) 793-${String(8700 + r).slice(-4)}`)}</row>`;
  return workbook({ 'xl/worksheets/sheet1.xml': `${xml}</sheetData></worksheet>` });
}
