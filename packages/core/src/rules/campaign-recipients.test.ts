import { describe, expect, it } from 'vitest';
import {
  decideRecipient,
  recipientPhone,
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

const slotA: SenderSlot = { deviceId: 'dA', agentId: 'dA', value: '+13125550001', usable: true };
const slotB: SenderSlot = { deviceId: 'dB', agentId: 'dB', value: '+13125550002', usable: true };
const open = (over: Partial<SlotCapacity> = {}): SlotCapacity => ({
  slots: 1,
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
    expected: { kind: 'defer', until: minutes(60) },
  },
  {
    name: 'a phone whose zone is asleep waits half an hour',
    facts: { zones: ['Asia/Tokyo'] },
    expected: { kind: 'defer', until: minutes(30) },
  },
  {
    name: 'a phone of no known zone is awake by the team’s zone',
    facts: { zones: [] },
    ctx: { timezone: 'Asia/Tokyo' },
    expected: { kind: 'defer', until: minutes(30) },
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
    expected: { kind: 'defer', until: minutes(5) },
  },
  {
    name: 'a contact whose device is offline waits at least a minute',
    facts: { phones: [phone('1', { sentFrom: slotA.value })] },
    ctx: { slots: [{ ...slotA, usable: false }, slotB] },
    expected: { kind: 'defer', until: minutes(1) },
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
    expected: { kind: 'defer', until: minutes(10) },
  },
  {
    name: 'a template naming a field the contact lacks skips it',
    ctx: { templates: { groups: [[{ id: 't1', text: 'Hi **Company**' }]], subtemplates: [] } },
    expected: { kind: 'stop', state: 'skipped', reason: 'missingField' },
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
});
