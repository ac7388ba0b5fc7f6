import { describe, expect, it } from 'vitest';
import {
  boardFilterFor,
  mayReadRecord,
  canBecomePrimary,
  canHaveStatus,
  compareCards,
  defaultTaskDue,
  formatNumberField,
  isForbiddenStatusText,
  isValidEmail,
  nextLeadStatus,
  normalizePhone,
  orderIdentifiers,
  setPrimaryIdentifier,
  statusTextProblem,
  toggleIdentifierStatus,
  visibleTasks,
  withHttps,
  type CardOrderKey,
  type IdentifierLike,
} from './records.js';

const idt = (value: string, over: Partial<IdentifierLike> = {}): IdentifierLike => ({
  value,
  primary: false,
  status: '',
  isEmail: value.includes('@'),
  ...over,
});

describe('lead status', () => {
  it('needs a primary phone or e-mail', () => {
    expect(canHaveStatus([idt('+19165550123')])).toBe(false);
    expect(canHaveStatus([idt('+19165550123'), idt('a@b.co', { primary: true })])).toBe(true);
    expect(canHaveStatus([])).toBe(false);
  });
  it('is cleared by picking the current status again', () => {
    expect(nextLeadStatus('Hot', 'Hot')).toBeUndefined();
    expect(nextLeadStatus('Hot', 'Cold')).toBe('Cold');
    expect(nextLeadStatus(null, 'Cold')).toBe('Cold');
  });
});

describe('identifiers', () => {
  it('toggles DNC and Wrong #, always clearing primary', () => {
    const p = idt('+19165550123', { primary: true });
    expect(toggleIdentifierStatus(p, 'DNC')).toMatchObject({ status: 'DNC', primary: false });
    expect(toggleIdentifierStatus(idt('x', { status: 'DNC' }), 'DNC').status).toBe('');
    expect(toggleIdentifierStatus(idt('x', { status: 'DNC' }), 'Wrong #').status).toBe('Wrong #');
  });
  it('lets only a non-primary, non-DNC, non-Wrong # identifier become primary', () => {
    expect(canBecomePrimary(idt('a'))).toBe(true);
    expect(canBecomePrimary(idt('a', { primary: true }))).toBe(false);
    expect(canBecomePrimary(idt('a', { status: 'DNC' }))).toBe(false);
    expect(canBecomePrimary(idt('a', { status: 'Wrong #' }))).toBe(false);
  });
  it('unsets the other primaries when one becomes primary', () => {
    const out = setPrimaryIdentifier([idt('a', { primary: true }), idt('b'), idt('c')], 'b');
    expect(out.map((i) => i.primary)).toEqual([false, true, false]);
  });
  it('changes nothing when the chosen identifier may not become primary', () => {
    const list = [idt('a', { primary: true }), idt('b', { status: 'DNC' })];
    expect(setPrimaryIdentifier(list, 'b')).toEqual(list);
  });
  it('lists the primary first', () => {
    expect(orderIdentifiers([idt('a'), idt('b', { primary: true })]).map((i) => i.value)).toEqual(['b', 'a']);
  });
});

describe('phones and e-mails', () => {
  it('normalises phones in any format to E.164', () => {
    expect(normalizePhone('(916) 456-7890')).toBe('+19164567890');
    expect(normalizePhone('916.456.7890')).toBe('+19164567890');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
  });
  it('rejects what is not a valid phone', () => {
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('not a phone')).toBeNull();
    expect(normalizePhone('(555) 123-4567')).toBeNull();
  });
  it('shows home-country phones in national format and others in international format', async () => {
    const { formatPhone } = await import('./records.js');
    expect(formatPhone('+19164567890')).toBe('(916) 456-7890');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('not a phone')).toBe('not a phone');
    expect(formatPhone('jane@example.com')).toBe('jane@example.com');
  });
  it("shows a British team's own numbers nationally and American ones internationally", async () => {
    const { formatPhone } = await import('./records.js');
    expect(formatPhone('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(formatPhone('+19164567890', 'GB')).toBe('+1 916 456 7890');
  });
  it("reads a number typed without its country code in the team's country", () => {
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalizePhone('+1 916 456 7890', 'GB')).toBe('+19164567890');
  });
  it('checks e-mails', () => {
    expect(isValidEmail('jane@example.com')).toBe(true);
    expect(isValidEmail('jane@example')).toBe(false);
    expect(isValidEmail('jane example.com')).toBe(false);
  });
});

describe('field display', () => {
  it('prefixes https:// to links without http', () => {
    expect(withHttps('acme.com')).toBe('https://acme.com');
    expect(withHttps('http://acme.com')).toBe('http://acme.com');
    expect(withHttps('HTTPS://acme.com')).toBe('HTTPS://acme.com');
    expect(withHttps('')).toBe('');
  });
  it('shows numbers with thousands separators', () => {
    expect(formatNumberField(1234567)).toBe('1,234,567');
    expect(formatNumberField('2500.5')).toBe('2,500.5');
    expect(formatNumberField('n/a')).toBe('n/a');
    expect(formatNumberField(null)).toBe('');
  });
});

describe('tasks', () => {
  it('hides tasks with empty text', () => {
    expect(visibleTasks([{ text: 'Call back' }, { text: '  ' }, { text: '' }])).toEqual([
      { text: 'Call back' },
    ]);
  });
  it('defaults the due date to 14 days ahead at the start of the day, in the team time zone', () => {
    const now = new Date('2026-03-02T03:30:00Z'); // still March 1st in Los Angeles
    expect(defaultTaskDue(now, 'America/Los_Angeles').toISOString()).toBe('2026-03-15T07:00:00.000Z');
    expect(defaultTaskDue(now, 'UTC').toISOString()).toBe('2026-03-16T00:00:00.000Z');
  });
});

describe('custom statuses', () => {
  it.each(['DNC list', 'Wrong Number', 'wrong no', 'Wrong #2', 'wrong person', 'Do Not Call', 'donotcall'])(
    'rejects %s',
    (text) => expect(isForbiddenStatusText(text)).toBe(true),
  );
  it('accepts ordinary statuses', () => {
    expect(isForbiddenStatusText('Hot lead')).toBe(false);
  });
  it('refuses a blank text, a DNC-like one, and one another status has in any case', () => {
    const others = ['Not contacted', 'Hot'];
    expect(statusTextProblem('   ', others)).toBe('empty');
    expect(statusTextProblem('Wrong # list', others)).toBe('forbidden');
    expect(statusTextProblem(' hot ', others)).toBe('exists');
  });
  it('accepts a new text, and a change of case of the status itself', () => {
    expect(statusTextProblem('Warm', ['Hot'])).toBeNull();
    expect(statusTextProblem('HOT', ['Not contacted'])).toBeNull();
  });
});

describe('card order in a column', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const card = (id: string, over: Partial<CardOrderKey> = {}): CardOrderKey => ({
    id,
    notifCount: 0,
    firstOpenTaskDue: null,
    hasOpenTask: false,
    queued: false,
    lastActivityAt: new Date('2026-04-01T00:00:00Z'),
    ...over,
  });
  it('puts unread first (most first), then due tasks (earliest first), then open tasks, then queued, then the rest', () => {
    const cards = [
      card('rest'),
      card('queued', { queued: true }),
      card('open', { hasOpenTask: true, firstOpenTaskDue: new Date('2026-06-01T00:00:00Z') }),
      card('due-late', { hasOpenTask: true, firstOpenTaskDue: new Date('2026-04-30T00:00:00Z') }),
      card('due-early', { hasOpenTask: true, firstOpenTaskDue: new Date('2026-04-01T00:00:00Z') }),
      card('unread-1', { notifCount: 1 }),
      card('unread-3', { notifCount: 3 }),
    ];
    expect(cards.sort((a, b) => compareCards(a, b, now)).map((c) => c.id)).toEqual([
      'unread-3',
      'unread-1',
      'due-early',
      'due-late',
      'open',
      'queued',
      'rest',
    ]);
  });
  it('orders within a group by most recent activity', () => {
    const a = card('a', { lastActivityAt: new Date('2026-04-02T00:00:00Z') });
    const b = card('b', { lastActivityAt: new Date('2026-04-03T00:00:00Z') });
    expect([a, b].sort((x, y) => compareCards(x, y, now)).map((c) => c.id)).toEqual(['b', 'a']);
  });
});

describe('record display', () => {
  it('titles a contact by full name, a company by name, a property by address', async () => {
    const { itemTitle } = await import('./records.js');
    expect(itemTitle('contact', { 'First name': 'Ann', 'Last name': 'Lee' })).toBe('Ann Lee');
    expect(itemTitle('company', { Website: 'acme.com' })).toBe('acme.com');
    expect(itemTitle('property', { Address: '12 Elm St' })).toBe('12 Elm St');
    expect(itemTitle('contact', {})).toBe('Unnamed contact');
  });
  it('titles a contact without a name by its company, else by its primary phone, formatted', async () => {
    const { itemTitle } = await import('./records.js');
    const fallbacks = { company: 'Acme Roofing', primary: '+19164567890' };
    expect(itemTitle('contact', { 'First name': 'Ann' }, fallbacks)).toBe('Ann');
    expect(itemTitle('contact', { 'First name': ' ', City: 'Reno' }, fallbacks)).toBe('Acme Roofing');
    expect(itemTitle('contact', {}, { company: '', primary: '+19164567890' })).toBe('(916) 456-7890');
    expect(itemTitle('contact', {}, { company: null, primary: 'ann@acme.com' })).toBe('ann@acme.com');
    expect(itemTitle('contact', {}, { company: null, primary: null })).toBe('Unnamed contact');
    expect(itemTitle('company', { Name: 'Acme' }, fallbacks)).toBe('Acme');
  });
  it('finds a record by names and address in lower case', async () => {
    const { itemSearchText } = await import('./records.js');
    expect(
      itemSearchText({ 'First name': 'Ann', Address: '12 Elm St', City: 'Sacramento', Pool: true }),
    ).toBe('ann 12 elm st sacramento');
  });
});

describe("the board's member filter", () => {
  it.each([
    ['the admin', { role: 'admin', dataAccess: 'All data' }, { canFilter: true, defaultFilter: null }],
    [
      "an 'All data' member",
      { role: 'member', dataAccess: 'All data' },
      { canFilter: true, defaultFilter: null },
    ],
    [
      "an 'Only assigned' member",
      { role: 'member', dataAccess: 'Only assigned' },
      { canFilter: false, defaultFilter: 'u-1' },
    ],
  ])('%s starts on the records they may read', (_who, user, expected) => {
    expect(boardFilterFor({ _id: 'u-1', ...user })).toEqual(expected);
  });
});

describe('who may read a record', () => {
  const assigned = ['u-2'];
  it.each([
    ['the admin', { id: 'u-1', role: 'admin', dataAccess: 'Only assigned' }, true],
    ["an 'All data' member", { id: 'u-1', role: 'member', dataAccess: 'All data' }, true],
    [
      "an 'Only assigned' member the record is assigned to",
      { id: 'u-2', role: 'member', dataAccess: 'Only assigned' },
      true,
    ],
    [
      "an 'Only assigned' member it is not assigned to",
      { id: 'u-1', role: 'member', dataAccess: 'Only assigned' },
      false,
    ],
  ])('%s: %s', (_who, user, expected) => {
    expect(mayReadRecord(user, assigned)).toBe(expected);
  });
});
