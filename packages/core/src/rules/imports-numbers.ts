/**
 * A spreadsheet cell read into a Number field (issue 30): files write numbers as people do, '1,250',
 * '$1,250.00', '12 %', '(300)'. The value kept is the number; a cell that is not one is left empty and
 * counted in the import's result, never stored as text in a Number field.
 */

/** Currency signs, spaces (no-break and thin ones too) and a trailing percent sign say nothing of the number. */
const DECORATION = /[$€£¥\s\u00a0\u202f%]/g;
/** Digits with optional thousands commas in groups of three, an optional decimal part; or a bare decimal part. */
const PLAIN_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\.\d+$/;

/**
 * The number a cell holds, or null when it holds none (or something ambiguous, such as '1,25' or
 * '1.250,00': a comma not between groups of three is not guessed at). A leading minus or accounting
 * parentheses make it negative; currency signs, spaces and a percent sign are dropped.
 */
export function parseImportNumber(raw: string): number | null {
  let text = raw.trim();
  if (!text) return null;
  let negative = false;
  const parens = /^\((.*)\)$/.exec(text);
  if (parens) {
    negative = true;
    text = parens[1]!;
  }
  text = text.replace(DECORATION, '');
  const sign = /^([+\-\u2212])/.exec(text);
  if (sign) {
    if (parens) return null;
    negative = sign[1] !== '+';
    text = text.slice(1).replace(DECORATION, '');
  }
  if (!PLAIN_NUMBER.test(text)) return null;
  const value = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}
