import { describe, expect, it } from 'vitest';
import {
  decideRecipient,
  recipientPhone,
  templateFieldSources,
  templateValues,
  type CampaignPhone,
  type DueRecipient,
  type RecipientContext,
  type RecipientDecision,
  type RecipientFacts,
  type SenderSlot,
  type SlotCapacity,
} from './campaign-recipients.js';

// Noon in New York on a Tuesday: everyone in the Americas is awake.
const NOW = new Date('2025-03-04T17:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const phone = (id: string, over: Partial<CampaignPhone> = {}): CampaignPhone => ({
  id,
  value: `+1212555${id.padStart(4, '0')}`,
  status: '',
  sentFrom: null,
  ...over,
});

const slotA: SenderSlot = {
  deviceId: 'dA',
  agentId: 'dA',
  value: '+13125550001',
  usable: true,
  paused: false,
};
const slotB: SenderSlot = {
  deviceId: 'dB',
  agentId: 'dB',
  value: '+13125550002',
  usable: true,
  paused: false,
};
// Midnight starting Wednesday in Chicago, the team's zone.
const NEXT_DAY = new Date('2025-03-05T06:00:00Z');
const open = (over: Partial<SlotCapacity> = {}): SlotCapacity => ({
  slots: 1,
  dailyLeft: 50,
  firstTouchLeft: 10,
  load: 0,
  nextSendAt: null,
  ...over,
});

type Case = {
  name: string;
  recipient?: Partial<DueRecipient>;
  facts?: Partial<RecipientFacts>;
  ctx?: Partial<RecipientContext>;
  expected: RecipientDecision | Partial<Extract<RecipientDecision, { kind: 'send' }>>;
};

const recipient = (over: Partial<DueRecipient> = {}): DueRecipient => ({
  seq: 0,
  step: 0,
  state: 'pending',
  identifierId: null,
  tried: [],
  statusId: 'new',
  data: { 'First name': 'Ada' },
  custom: {},
  lastMessage: null,
  ...over,
});

const facts = (over: Partial<RecipientFacts> = {}): RecipientFacts => ({
  phones: [phone('1')],
  property: { Address: '1 Main St' },
  textsToday: () => 0,
  zones: ['America/New_York'],
  ...over,
});

const context = (over: Partial<RecipientContext> = {}): RecipientContext => ({
  campaign: { createdAt: new Date('2025-03-01T00:00:00Z'), statusIds: ['new'], seed: 0 },
  now: NOW,
  timezone: 'America/Chicago',
  nextDayAt: NEXT_DAY,
  slots: [slotA, slotB],
  capacity: new Map([
    ['dA', open({ load: 5 })],
    ['dB', open({ load: 2 })],
  ]),
  templates: { groups: [[{ id: 't1', text: 'Hi **First name**, about **Address**' }]], subtemplates: [] },
  fieldNames: new Map(),
  ...over,
});

const cases: Case[] = [
  {
    name: 'a member texting or calling the contact by hand since the campaign began stops it',
    facts: { manualAt: new Date('2025-03-03T10:00:00Z') },
    expected: { kind: 'stop', state: 'stopped', reason: 'manual' },
  },
  {
    name: 'a follow-up goes to the phone texted before, from its follow-up step’s templates',
    recipient: { step: 1, followUp: 1, identifierId: '2', tried: ['2'] },
    facts: { phones: [phone('1'), phone('2', { sentFrom: slotB.value })] },
    ctx: {
      templates: {
        groups: [[{ id: 't1', text: 'first' }]],
        followUps: [[[{ id: 'f1', text: 'Still thinking about **Address**?' }]]],
        subtemplates: [],
      },
    },
    expected: { kind: 'send', body: 'Still thinking about 1 Main St?', templateId: 'f1', hasNext: false },
  },
  {
    name: 'a follow-up stops when its phone turned DNC',
    recipient: { step: 1, followUp: 1, identifierId: '1', tried: ['1'] },
    facts: { phones: [phone('1', { status: 'DNC' }), phone('2')] },
    expected: { kind: 'stop', state: 'stopped', reason: 'optOut' },
  },
  {
    name: 'a follow-up stops when its phone turned Wrong #',
    recipient: { step: 1, followUp: 2, identifierId: '1', tried: ['1'] },
    facts: { phones: [phone('1', { status: 'Wrong #' }), phone('2')] },
    expected: { kind: 'stop', state: 'stopped', reason: 'blocked' },
  },
  {
    // Florida reaches into Central time: 8:00 in Pensacola, an hour after 8:00 in Miami.
    name: 'a Florida contact at 20:30 waits for 8:00 all over Florida, naming Florida’s law',
    facts: { states: ['FL'], addressStates: ['FL'], zones: ['America/New_York'] },
    ctx: { now: new Date('2025-03-05T01:30:00Z') },
    expected: { kind: 'defer', reason: 'quietHours', law: 'FL', until: new Date('2025-03-05T14:00:00Z') },
  },
  {
    name: 'a Maryland contact texted or called 3 times in 24 hours waits under Maryland’s limit',
    facts: { states: ['MD'], textsToday: () => 3 },
    expected: { kind: 'defer', reason: 'lawDailyCap', law: 'MD', until: minutes(60) },
  },
  {
    name: 'a team’s own 10:00 start holds a New York contact at 9:30',
    facts: { states: ['NY'] },
    ctx: { now: new Date('2025-03-04T14:30:00Z'), teamHours: { startHour: 10, endHour: null } },
    expected: { kind: 'defer', reason: 'quietHours', law: 'TEAM', until: new Date('2025-03-04T15:00:00Z') },
  },
  {
    name: 'a reply since the campaign began stops it',
    recipient: { lastMessage: { direction: 'in', createdAt: '2025-03-02T10:00:00Z' } },
    expected: { kind: 'stop', state: 'stopped', reason: 'replied' },
  },
  {
    name: 'a reply from before the campaign began does not stop it',
    recipient: { lastMessage: { direction: 'in', createdAt: '2025-02-20T10:00:00Z' } },
    expected: { kind: 'send', body: 'Hi Ada, about 1 Main St' },
  },
  {
    name: 'a record moved out of the campaign’s statuses stops it',
    recipient: { statusId: 'won' },
    expected: { kind: 'stop', state: 'stopped', reason: 'status' },
  },
  {
    name: 'a record with no status stops it',
    recipient: { statusId: null },
    expected: { kind: 'stop', state: 'stopped', reason: 'status' },
  },
  {
    name: 'a contact without phones is skipped',
    facts: { phones: [] },
    expected: { kind: 'stop', state: 'skipped', reason: 'noPhone' },
  },
  {
    name: 'a contact whose phones are all DNC or Wrong # opted out when one is DNC',
    facts: { phones: [phone('1', { status: 'Wrong #' }), phone('2', { status: 'DNC' })] },
    expected: { kind: 'stop', state: 'stopped', reason: 'optOut' },
  },
  {
    name: 'a contact whose phones are all Wrong # is blocked',
    facts: { phones: [phone('1', { status: 'Wrong #' })] },
    expected: { kind: 'stop', state: 'stopped', reason: 'blocked' },
  },
  {
    name: 'a contact texted at every phone is done',
    recipient: { step: 2, state: 'waiting', tried: ['1', '2'] },
    facts: { phones: [phone('1'), phone('2')] },
    expected: { kind: 'stop', state: 'done', reason: null },
  },
  {
    name: 'a pending recipient is texted at its current phone',
    recipient: { identifierId: '2' },
    facts: { phones: [phone('1'), phone('2')] },
    expected: { kind: 'send', phone: phone('2'), hasNext: true },
  },
  {
    name: 'a waiting recipient moves to the next phone not tried, and none is left after it',
    recipient: { state: 'waiting', step: 1, identifierId: '1', tried: ['1'] },
    facts: { phones: [phone('1'), phone('2')] },
    expected: { kind: 'send', phone: phone('2'), hasNext: false },
  },
  {
    name: 'a phone texted three times in a day waits an hour',
    facts: { textsToday: (value) => (value === phone('1').value ? 3 : 0) },
    expected: { kind: 'defer', until: minutes(60), reason: 'recipientDailyCap' },
  },
  {
    name: 'a phone whose zone is asleep waits for 8:00 there (2:00 in Tokyo: six hours)',
    facts: { zones: ['Asia/Tokyo'] },
    expected: { kind: 'defer', until: minutes(360), reason: 'quietHours' },
  },
  {
    name: 'a phone of no known zone is awake by the team’s zone',
    facts: { zones: [] },
    ctx: { timezone: 'Asia/Tokyo' },
    expected: { kind: 'defer', until: minutes(360), reason: 'quietHours' },
  },
  {
    name: 'a contact lacking a field is skipped at once, even at night where it lives',
    facts: { zones: ['Asia/Tokyo'] },
    recipient: { data: {} },
    expected: { kind: 'stop', state: 'skipped', reason: 'missingField', field: 'First name' },
  },
  {
    name: 'a contact lacking a field that has a fallback is texted with the fallback',
    recipient: { data: {} },
    ctx: { templates: { groups: [[{ id: 't1', text: 'Hi **First name|there**!' }]], subtemplates: [] } },
    expected: { kind: 'send', body: 'Hi there!' },
  },
  {
    name: 'a new contact goes to the least busy device',
    expected: { kind: 'send', slot: slotB, firstTouch: true },
  },
  {
    name: 'a new contact skips a device at its first-touch cap',
    ctx: {
      capacity: new Map([
        ['dA', open({ load: 5 })],
        ['dB', open({ load: 2, firstTouchLeft: 0 })],
      ]),
    },
    expected: { kind: 'send', slot: slotA, firstTouch: true },
  },
  {
    name: 'a new contact skips a device that is not usable or has no slot left',
    ctx: {
      slots: [{ ...slotA, usable: false }, slotB],
      capacity: new Map([
        ['dA', open({ load: 0 })],
        ['dB', open({ load: 9 })],
      ]),
    },
    expected: { kind: 'send', slot: slotB },
  },
  {
    name: 'a new contact waits its turn when every device is busy',
    ctx: {
      capacity: new Map([
        ['dA', open({ slots: 0 })],
        ['dB', open({ slots: 0 })],
      ]),
    },
    expected: { kind: 'wait' },
  },
  {
    name: 'a contact stays on the device it talked to, even a busier one',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    expected: { kind: 'send', slot: slotA, firstTouch: false },
  },
  {
    name: 'a contact whose device has no slot waits for that device’s next send time',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    ctx: { capacity: new Map([['dA', open({ slots: 0, nextSendAt: minutes(5) })]]) },
    expected: { kind: 'defer', until: minutes(5), reason: 'queued' },
  },
  {
    name: 'a contact whose device reached its daily limit waits for the team’s next day',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    ctx: { capacity: new Map([['dA', open({ slots: 0, dailyLeft: 0 })]]) },
    expected: { kind: 'defer', until: NEXT_DAY, reason: 'deviceLimit' },
  },
  {
    name: 'a contact whose device is offline waits at least a minute',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    ctx: { slots: [{ ...slotA, usable: false }, slotB] },
    expected: { kind: 'defer', until: minutes(1), reason: 'deviceOffline' },
  },
  {
    name: 'a contact whose device was paused for poor delivery says so',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    ctx: { slots: [{ ...slotA, usable: false, paused: true }, slotB] },
    expected: { kind: 'defer', until: minutes(1), reason: 'deviceUnhealthy' },
  },
  {
    name: 'a contact whose device is not in the campaign goes to another, not as a first touch',
    facts: { phones: [phone('1', { sentFrom: '+19995550000' })] },
    ctx: {
      capacity: new Map([
        ['dA', open({ load: 5 })],
        ['dB', open({ load: 2, firstTouchLeft: 0 })],
      ]),
    },
    expected: { kind: 'send', slot: slotB, firstTouch: false },
  },
  {
    name: 'a campaign whose groups have no template waits ten minutes',
    ctx: { templates: { groups: [[]], subtemplates: [] } },
    expected: { kind: 'defer', until: minutes(10), reason: 'noTemplate' },
  },
  {
    name: 'a template naming a field the contact lacks skips it',
    ctx: { templates: { groups: [[{ id: 't1', text: 'Hi **Company**' }]], subtemplates: [] } },
    expected: { kind: 'stop', state: 'skipped', reason: 'missingField', field: 'Company' },
  },
  {
    name: 'templates turn with the recipient’s place and step',
    recipient: { seq: 3 },
    ctx: {
      campaign: { createdAt: new Date('2025-03-01T00:00:00Z'), statusIds: ['new'], seed: 0 },
      templates: {
        groups: [
          [
            { id: 't1', text: 'One' },
            { id: 't2', text: 'Two' },
          ],
        ],
        subtemplates: [],
      },
    },
    expected: { kind: 'send', templateId: 't2', body: 'Two' },
  },
];

describe('decideRecipient', () => {
  it.each(cases)('$name', ({ recipient: r, facts: f, ctx: c, expected }) => {
    const decision = decideRecipient(recipient(r), facts(f), context(c));
    expect(decision).toMatchObject(expected);
  });
});

describe('recipientPhone', () => {
  it('offers only phones without DNC or Wrong # that were not tried', () => {
    const phones = [phone('1', { status: 'DNC' }), phone('2'), phone('3')];
    const { usable, next } = recipientPhone(recipient({ tried: ['2'] }), phones);
    expect(usable.map((p) => p.id)).toEqual(['3']);
    expect(next?.id).toBe('3');
  });
});

describe('templateValues', () => {
  it('fills the address from the property, the name from the contact and custom fields by name', () => {
    const values = templateValues(
      { data: { 'First name': 'Ada', 'Last name': 'Lovelace', City: ' ' }, custom: { f1: 'Gold', f2: true } },
      { Street1: '1 Main St', City: 'Springfield' },
      new Map([
        ['f1', 'Tier'],
        ['f2', 'Flag'],
      ]),
    );
    expect(values).toMatchObject({
      Address: '1 Main St',
      City: 'Springfield',
      Name: 'Ada Lovelace',
      Tier: 'Gold',
    });
    expect(values['Flag']).toBeUndefined();
  });
  it('takes the full address when the street is empty, and never lets an empty value stand', () => {
    const values = templateValues(
      { data: { 'First name': '' }, custom: { f1: ' ' } },
      { Street1: ' ', Full: '9 Elm Rd, Albany NY' },
      new Map([['f1', 'Tier']]),
    );
    expect(values['Address']).toBe('9 Elm Rd, Albany NY');
    expect(values['First name']).toBeUndefined();
    expect(values['Tier']).toBeUndefined();
  });
});

describe('templateFieldSources', () => {
  const custom = [
    { id: 'f1', name: 'Tier' },
    { id: 'f2', name: 'tier' },
  ];
  it('reads a built-in field by its usual spelling, whatever the template’s case', () => {
    expect(templateFieldSources('first NAME', custom)).toEqual([{ from: 'contact', key: 'First name' }]);
  });
  it('fills Name from first and last name, and the address from the property', () => {
    expect(templateFieldSources('Name', [])).toEqual([
      { from: 'contact', key: 'Name' },
      { from: 'contact', key: 'First name' },
      { from: 'contact', key: 'Last name' },
    ]);
    expect(templateFieldSources('address', []).map((s) => `${s.from}.${s.key}`)).toEqual([
      'contact.Address',
      'property.Address',
      'property.Street1',
      'property.Full',
    ]);
  });
  it('reads a custom field by every id its name has', () => {
    expect(templateFieldSources('TIER', custom).filter((s) => s.from === 'custom')).toEqual([
      { from: 'custom', key: 'f1' },
      { from: 'custom', key: 'f2' },
    ]);
  });
});
