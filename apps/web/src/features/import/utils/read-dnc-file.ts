import Papa from 'papaparse';
import { hasDncPhoneColumn } from '@prospector/core';

/** The contract's longest phone; longer cells cannot be phones and are counted as invalid here. */
const MAX_PHONE_LENGTH = 100;

export type DncFile =
  { ok: true; phones: string[]; tooLong: number } | { ok: false; reason: 'noPhoneColumn' };

/** Excel's "CSV UTF-8" starts with a byte order mark, which would hide the 'Phone' header. */
const stripBom = (header: string) => header.replace(/^\uFEFF/, '');

/**
 * Reads the 'Phone' column of a DNC file in the browser, chunk by chunk so a large file never sits in
 * memory as rows. Blank and repeated phones are left out. Without a column named exactly 'Phone'
 * the reading stops at the header.
 */
export function readDncFile(file: File): Promise<DncFile> {
  return new Promise((resolve, reject) => {
    const phones = new Set<string>();
    let tooLong = 0;
    let headerRead = false;
    Papa.parse<Record<string, string | undefined>>(file, {
      header: true,
      skipEmptyLines: true,
      transformHeader: stripBom,
      chunk: (results, parser) => {
        if (!headerRead) {
          headerRead = true;
          if (!hasDncPhoneColumn(results.meta.fields ?? [])) {
            // Settled first: abort() runs `complete` at once.
            resolve({ ok: false, reason: 'noPhoneColumn' });
            parser.abort();
            return;
          }
        }
        for (const row of results.data) {
          const phone = row.Phone?.trim();
          if (!phone) continue;
          if (phone.length > MAX_PHONE_LENGTH) tooLong += 1;
          else phones.add(phone);
        }
      },
      complete: () =>
        resolve(
          headerRead ? { ok: true, phones: [...phones], tooLong } : { ok: false, reason: 'noPhoneColumn' },
        ),
      error: (error) => reject(error),
    });
  });
}
