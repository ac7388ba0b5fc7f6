import { messages } from '../messages.js';

/**
 * SMS templates (spec part 2 §3): `**Field**` takes a record's value, `{subtemplate}` one of the
 * subtemplate's values. Field names match case-insensitively; a subtemplate by its name, likewise.
 * `**Field|fallback**` writes the fallback when the record has no value for the field, so that
 * recipient is texted instead of skipped.
 */

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 30;
export const TEMPLATE_MIN_LENGTH = 5;
export const QUICK_REPLY_MIN_LENGTH = 5;
export const TEMPLATE_PREVIEWS = 5;
export const QUICK_REPLY_PREVIEW = 80;

/** Fields every template may use; custom fields of contacts and properties add to them. */
export const TEMPLATE_FIELDS = [
  'First name',
  'Last name',
  'Name',
  'Address',
  'City',
  'State',
  'Zip',
] as const;

/** The preview's sample record (the spec names name, address, city, zip and state). */
export const SAMPLE_PREVIEW_DATA: Record<string, string> = {
  'First name': 'John',
  'Last name': 'Carter',
  Name: 'John Carter',
  Address: '1458 Maple Avenue',
  City: 'Springfield',
  State: 'IL',
  Zip: '62704',
};

export type Subtemplate = { name: string; values: string[] };

type Token =
  | { kind: 'text'; text: string }
  /** `fallback` is null when the placeholder gives none (`**Field**`). */
  | { kind: 'field'; name: string; fallback: string | null }
  | { kind: 'sub'; name: string }
  | { kind: 'unclosed' };

const TOKEN = /\*\*([^*\n]+?)\*\*|\{([^{}\n]+)\}|\*\*/g;

/** `Name` or `Name|fallback`: the first bar splits them; the fallback is kept as written, trimmed. */
function fieldToken(inner: string): Token {
  const bar = inner.indexOf('|');
  if (bar < 0) return { kind: 'field', name: inner.trim(), fallback: null };
  return { kind: 'field', name: inner.slice(0, bar).trim(), fallback: inner.slice(bar + 1).trim() };
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push(fieldToken(m[1]));
    else if (m[2] !== undefined) out.push({ kind: 'sub', name: m[2].trim() });
    else out.push({ kind: 'unclosed' });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const key = (s: string) => s.trim().toLowerCase();

/** The fields (without their fallbacks) and subtemplates a template names, as written. */
export function templatePlaceholders(text: string): { fields: string[]; subtemplates: string[] } {
  const tokens = tokenize(text);
  return {
    fields: tokens.flatMap((t) => (t.kind === 'field' ? [t.name] : [])),
    subtemplates: tokens.flatMap((t) => (t.kind === 'sub' ? [t.name] : [])),
  };
}

/** A field some templates use: `covered` when every use gives a fallback (no recipient is skipped for it). */
export type TemplateFieldUse = { field: string; covered: boolean };

/**
 * The fields a set of templates uses, each once (first spelling kept, compared case-insensitively),
 * in order of first use.
 */
export function templateFieldUses(texts: readonly string[]): TemplateFieldUse[] {
  const uses = new Map<string, TemplateFieldUse>();
  for (const text of texts)
    for (const t of tokenize(text)) {
      if (t.kind !== 'field' || !t.name) continue;
      const found = uses.get(key(t.name));
      if (found) found.covered &&= t.fallback !== null;
      else uses.set(key(t.name), { field: t.name, covered: t.fallback !== null });
    }
  return [...uses.values()];
}

/** Why a template cannot be saved (a placeholder that names nothing), or null when it can. */
export function templateProblem(
  text: string,
  known: { fields: readonly string[]; subtemplates: readonly string[] },
): string | null {
  if (text.trim().length < TEMPLATE_MIN_LENGTH) return messages.templates.templateTooShort;
  const fields = new Set(known.fields.map(key));
  const subs = new Set(known.subtemplates.map(key));
  for (const t of tokenize(text)) {
    if (t.kind === 'unclosed') return messages.templates.unclosedField;
    if (t.kind === 'field' && !fields.has(key(t.name)))
      return messages.templates.unknownField.replace('{name}', t.name);
    if (t.kind === 'sub' && !subs.has(key(t.name)))
      return messages.templates.unknownSubtemplate.replace('{name}', t.name);
  }
  return null;
}

/** A small stable hash, so subtemplates of one template do not all turn in step. */
function offsetOf(name: string): number {
  let h = 0;
  for (const ch of key(name)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

export type RenderResult = { ok: true; text: string } | { ok: false; missing: string };

/**
 * Renders a template for one recipient. `rotation` is the recipient's sequence number in its campaign
 * (plus the campaign's seed): consecutive recipients get consecutive values of each subtemplate, so
 * their wording differs whenever a subtemplate has two values or more. A field the record lacks takes
 * the placeholder's fallback; with none, the render fails with its name: the campaign skips that
 * recipient rather than send a broken text.
 */
export function renderTemplate(
  text: string,
  values: Record<string, string | number | boolean | null | undefined>,
  subtemplates: readonly Subtemplate[],
  rotation: number,
): RenderResult {
  const byKey = new Map<string, string>();
  for (const [k, v] of Object.entries(values)) {
    const s = v === null || v === undefined ? '' : String(v).trim();
    if (s) byKey.set(key(k), s);
  }
  const subs = new Map(subtemplates.map((s) => [key(s.name), s.values.filter((v) => v.trim())]));
  let out = '';
  for (const t of tokenize(text)) {
    if (t.kind === 'text') out += t.text;
    else if (t.kind === 'unclosed') out += '**';
    else if (t.kind === 'field') {
      const v = byKey.get(key(t.name)) ?? t.fallback;
      if (v === null) return { ok: false, missing: t.name };
      out += v;
    } else {
      const options = subs.get(key(t.name));
      if (!options || options.length === 0) return { ok: false, missing: t.name };
      const index = (Math.abs(Math.trunc(rotation)) + offsetOf(t.name)) % options.length;
      out += options[index]!;
    }
  }
  return { ok: true, text: out.replace(/[ \t]{2,}/g, ' ').trim() };
}

/** The fields a template gives a fallback for (`**First name|there**`), in order, once each. */
export function fieldsWithFallback(text: string): string[] {
  const found = new Map<string, string>();
  for (const t of tokenize(text))
    if (t.kind === 'field' && t.fallback !== null && !found.has(key(t.name))) found.set(key(t.name), t.name);
  return [...found.values()];
}

/**
 * Whether preview `index` (0-based) is of a sample contact without the fields that have a fallback:
 * every second one, when the template has any, so the fallback is seen as it would go out.
 */
export function previewLacksFallbackFields(text: string, index: number): boolean {
  return index % 2 === 1 && fieldsWithFallback(text).length > 0;
}

/**
 * The editor's live preview: the template rendered for the sample record, 5 rotations; every second
 * one is of a sample contact without the fields that have a fallback (issue 30 item 19).
 */
export function previewTemplate(
  text: string,
  subtemplates: readonly Subtemplate[],
  extra: Record<string, string> = {},
) {
  const missing = fieldsWithFallback(text).map(key);
  const full = { ...SAMPLE_PREVIEW_DATA, ...extra };
  const partial = Object.fromEntries(Object.entries(full).filter(([name]) => !missing.includes(key(name))));
  return Array.from({ length: TEMPLATE_PREVIEWS }, (_, i) => {
    const data = previewLacksFallbackFields(text, i) ? partial : full;
    const r = renderTemplate(text, data, subtemplates, i);
    return r.ok ? r.text : text;
  });
}

/** Cleans a subtemplate's options: trimmed, empty ones dropped (an edit that leaves none removes it). */
export function cleanSubtemplateValues(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

/** Group names: input beyond 30 characters is ignored; Save needs at least 3. */
export function clampGroupName(name: string): string {
  return name.slice(0, GROUP_NAME_MAX);
}

export function isGroupNameValid(name: string): boolean {
  const n = name.trim();
  return n.length >= GROUP_NAME_MIN && n.length <= GROUP_NAME_MAX;
}

/** A preview cut at 80 characters (quick replies, spec part 1 §2.6). */
export function cutPreview(text: string, max = QUICK_REPLY_PREVIEW): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Picks the template for a recipient: rotation over all templates of the chosen groups, group by group. */
export function pickTemplate<T>(groups: readonly (readonly T[])[], rotation: number): T | null {
  const nonEmpty = groups.filter((g) => g.length > 0);
  if (nonEmpty.length === 0) return null;
  const r = Math.abs(Math.trunc(rotation));
  const group = nonEmpty[r % nonEmpty.length]!;
  return group[Math.floor(r / nonEmpty.length) % group.length]!;
}

/** A fallback that, written in place, repeats the word beside its placeholder ("Hey there there"). */
export type FallbackRepeat = { field: string; fallback: string; word: string };

const WORD = /[\p{L}\p{N}']+/gu;
const words = (s: string) => s.match(WORD) ?? [];

/**
 * The placeholders whose fallback starts with the word just before them or ends with the word just
 * after them (issue 30: `Hey there **First name|there**` went out as "Hey there there"). Words
 * compare case-insensitively; punctuation between them does not hide the repeat.
 */
export function fallbackRepeats(text: string): FallbackRepeat[] {
  const tokens = tokenize(text);
  const found: FallbackRepeat[] = [];
  tokens.forEach((t, i) => {
    if (t.kind !== 'field' || !t.fallback) return;
    const own = words(t.fallback);
    if (!own.length) return;
    const before =
      tokens[i - 1]?.kind === 'text' ? words((tokens[i - 1] as { text: string }).text).at(-1) : undefined;
    const after =
      tokens[i + 1]?.kind === 'text' ? words((tokens[i + 1] as { text: string }).text)[0] : undefined;
    const same = (a: string | undefined, b: string | undefined) => !!a && !!b && key(a) === key(b);
    const word = same(before, own[0]) ? before : same(after, own.at(-1)) ? after : undefined;
    if (word) found.push({ field: t.name, fallback: t.fallback, word });
  });
  return found;
}
