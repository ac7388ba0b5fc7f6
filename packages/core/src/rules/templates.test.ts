import { describe, expect, it } from 'vitest';
import {
  fallbackRepeats,
  clampGroupName,
  cleanSubtemplateValues,
  cutPreview,
  isGroupNameValid,
  pickTemplate,
  previewTemplate,
  previewLacksFallbackFields,
  fieldsWithFallback,
  renderTemplate,
  templateFieldUses,
  templatePlaceholders,
  templateProblem,
} from './templates.js';

const known = { fields: ['First name', 'City'], subtemplates: ['greet'] };

describe('templateProblem', () => {
  it('accepts text whose placeholders all name a field or subtemplate, in any case', () => {
    expect(templateProblem('{Greet} **first NAME**, how is **City**?', known)).toBeNull();
  });
  it('refuses a field that does not exist, naming it', () => {
    expect(templateProblem('Hi **Nickname**, hello', known)).toBe(
      'There is no field named "Nickname". Use one of your data fields, e.g. **First name**.',
    );
  });
  it('refuses a subtemplate that does not exist', () => {
    expect(templateProblem('{salute} there friend', known)).toBe(
      'There is no subtemplate named "salute". Add it in the Subtemplates tab first.',
    );
  });
  it('refuses an unclosed field and text under 5 characters', () => {
    expect(templateProblem('Hi **First name, hello', known)).toBe(
      'A field placeholder is not closed: write it as **Field name**.',
    );
    expect(templateProblem('Hey', known)).toBe('A template has at least 5 characters.');
  });
  it('lists placeholders as written', () => {
    expect(templatePlaceholders('{a} **B** {c}')).toEqual({ fields: ['B'], subtemplates: ['a', 'c'] });
  });
});

describe('renderTemplate', () => {
  const subs = [{ name: 'greet', values: ['Hi', 'Hello', 'Hey'] }];
  it("fills fields with the record's values and subtemplates by rotation", () => {
    const r = renderTemplate(
      '{greet} **First name**, still in **City**?',
      { 'First name': 'Ann', City: 'Albany' },
      subs,
      0,
    );
    expect(r.ok && r.text).toMatch(/^(Hi|Hello|Hey) Ann, still in Albany\?$/);
  });
  it('gives consecutive rotations different wording and is deterministic', () => {
    const words = [0, 1, 2].map((n) => {
      const r = renderTemplate('{greet} there', {}, subs, n);
      return r.ok ? r.text : '';
    });
    expect(new Set(words).size).toBe(3);
    expect(renderTemplate('{greet} there', {}, subs, 1)).toEqual(
      renderTemplate('{greet} there', {}, subs, 1),
    );
  });
  it('fails with the missing field instead of sending a broken text', () => {
    expect(renderTemplate('Hi **First name**', { 'First name': '  ' }, [], 0)).toEqual({
      ok: false,
      missing: 'First name',
    });
  });
  it('previews 5 renders with the sample record', () => {
    const previews = previewTemplate('{greet} **Name** at **Address**', subs);
    expect(previews).toHaveLength(5);
    expect(previews[0]).toContain('John Carter at 1458 Maple Avenue');
  });
});

describe('fallbacks: **Field|fallback**', () => {
  it('writes the fallback when the record has no value, and the value when it has one', () => {
    const text = 'Hi **First name|there**, is **City|your town** home?';
    expect(renderTemplate(text, { 'First name': ' ', City: 'Albany' }, [], 0)).toEqual({
      ok: true,
      text: 'Hi there, is Albany home?',
    });
    expect(renderTemplate(text, { 'First name': 'Ann' }, [], 0)).toEqual({
      ok: true,
      text: 'Hi Ann, is your town home?',
    });
  });
  it('never skips a record for a field whose every use has a fallback', () => {
    const r = renderTemplate('**First name|Hello**! **first name|Friend**, still selling?', {}, [], 0);
    expect(r).toEqual({ ok: true, text: 'Hello! Friend, still selling?' });
  });
  it('an empty fallback writes nothing rather than skipping', () => {
    expect(renderTemplate('Hi **First name|**, hello', {}, [], 0)).toEqual({ ok: true, text: 'Hi , hello' });
  });
  it('validates the field before the bar, so a fallback never names an unknown field', () => {
    expect(templateProblem('Hi **first name|there**, hello', known)).toBeNull();
    expect(templateProblem('Hi **Nickname|there**, hello', known)).toBe(
      'There is no field named "Nickname". Use one of your data fields, e.g. **First name**.',
    );
    expect(templatePlaceholders('**First name|there** in **City**').fields).toEqual(['First name', 'City']);
  });
  it('previews with the sample record, and with the fallback for a field the sample lacks', () => {
    expect(previewTemplate('Hi **First name|there**', [])[0]).toBe('Hi John');
    expect(previewTemplate('About **Tier|your plan**', [])[0]).toBe('About your plan');
  });
  it('shows every second preview for a contact without the fields that have a fallback', () => {
    const previews = previewTemplate('Hi **First name|there**, still in **City**?', []);
    expect(previews).toEqual([
      'Hi John, still in Springfield?',
      'Hi there, still in Springfield?',
      'Hi John, still in Springfield?',
      'Hi there, still in Springfield?',
      'Hi John, still in Springfield?',
    ]);
    expect(previewLacksFallbackFields('Hi **First name|there**', 1)).toBe(true);
    expect(previewLacksFallbackFields('Hi **First name**', 1)).toBe(false);
    expect(fieldsWithFallback('Hi **First name|there** **City** **first name|friend**')).toEqual([
      'First name',
    ]);
  });
  it('lists the fields a set of templates uses, covered only when every use has a fallback', () => {
    expect(
      templateFieldUses(['Hi **First name|there** in **City**', 'Hey **first name**, **Zip|your area**']),
    ).toEqual([
      { field: 'First name', covered: false },
      { field: 'City', covered: false },
      { field: 'Zip', covered: true },
    ]);
  });
});

describe('small rules', () => {
  it('caps group names at 30 and needs 3', () => {
    expect(clampGroupName('x'.repeat(40))).toHaveLength(30);
    expect(isGroupNameValid('ab')).toBe(false);
    expect(isGroupNameValid('abc')).toBe(true);
  });
  it('drops empty subtemplate values', () => {
    expect(cleanSubtemplateValues([' Hi ', '', '  ', 'Hey'])).toEqual(['Hi', 'Hey']);
  });
  it('cuts previews at 80 characters', () => {
    expect(cutPreview('a'.repeat(81))).toBe(`${'a'.repeat(80)}…`);
    expect(cutPreview('short')).toBe('short');
  });
  it('rotates over the groups, then over their templates', () => {
    const groups = [['a1', 'a2'], [], ['b1']];
    expect([0, 1, 2, 3].map((n) => pickTemplate(groups, n))).toEqual(['a1', 'b1', 'a2', 'b1']);
    expect(pickTemplate([[], []], 0)).toBeNull();
  });
});

describe('a fallback that repeats the words beside it', () => {
  it('is found when it starts with the word before its placeholder', () => {
    expect(fallbackRepeats('Hey there **First name|there**, how are you?')).toEqual([
      { field: 'First name', fallback: 'there', word: 'there' },
    ]);
  });

  it('is found when it ends with the word after its placeholder, whatever the case', () => {
    expect(fallbackRepeats('Hi **First name|dear Friend** friend!')).toEqual([
      { field: 'First name', fallback: 'dear Friend', word: 'friend' },
    ]);
  });

  it('is not found when the words beside it differ, or the placeholder has no fallback', () => {
    expect(fallbackRepeats('Hey **First name|there**, is **Address** still yours?')).toEqual([]);
    expect(fallbackRepeats('Hey there **First name**')).toEqual([]);
  });
});
