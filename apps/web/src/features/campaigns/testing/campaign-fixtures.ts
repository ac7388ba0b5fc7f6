import type { CampaignDto, ListDto } from '@prospector/core';
import type { CampaignStats } from '../api/get-campaign-stats';
import type { StatusCount } from '../api/count-items';

/** Ids as the server makes them (the contract's calls take uuids). */
export function uuid(kind: number, n: number): string {
  return `00000000-0000-4000-800${kind}-${String(n).padStart(12, '0')}`;
}
export const campaignId = (n: number) => uuid(1, n);
export const statusId = (n: number) => uuid(2, n);
export const groupId = (n: number) => uuid(3, n);
export const deviceId = (n: number) => uuid(4, n);
export const listId = (n: number) => uuid(5, n);

export function buildCampaign(overrides: Partial<CampaignDto> = {}): CampaignDto {
  return {
    _id: campaignId(1),
    name: 'Spring sellers',
    owner: 'user-1',
    paused: false,
    status: 'In Progress',
    campaignType: 'Text',
    listIds: [],
    audienceJobId: null,
    statuses: [statusId(1)],
    weekDays: [1, 2, 3, 4, 5],
    startHour: 10,
    endHour: 18,
    timezone: 'America/New_York',
    startDate: '2026-03-02T15:00:00.000Z',
    endDate: null,
    hasEnd: false,
    groupIds: [groupId(1)],
    devices: [deviceId(1)],
    daysToChangeReceiver: 1,
    smsFallback: false,
    phoneType: null,
    lastContactedAt: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    recipients: 400,
    sent: 120,
    replied: 12,
    followUps: [],
    steps: [{ step: 0, sent: 120, replied: 12 }],
    ...overrides,
  };
}

export function buildStats(overrides: Partial<CampaignStats> = {}): CampaignStats {
  return {
    recipients: 400,
    pending: 270,
    queued: 10,
    sent: 120,
    delivered: 110,
    failed: 4,
    replied: 12,
    optedOut: 3,
    repliesByLabel: {
      opt_out: 3,
      wrong_number: 2,
      not_owner: 1,
      not_interested: 3,
      interested: 2,
      question: 1,
      callback: 0,
      later: 0,
      other: 0,
    },
    skipped: 6,
    steps: [{ step: 0, sent: 120, replied: 12, stoppedBefore: 0, waiting: [] }],
    lawWarnings: [],
    stopped: [],
    byDevice: [
      {
        deviceId: deviceId(1),
        name: '+19165550100',
        paused: false,
        queued: 6,
        sent: 80,
        delivered: 75,
        failed: 1,
      },
      {
        deviceId: deviceId(2),
        name: '+19165550111',
        paused: true,
        queued: 4,
        sent: 40,
        delivered: 35,
        failed: 3,
      },
    ],
    waiting: [],
    nextTextAt: null,
    ...overrides,
  };
}

/** The team's statuses with their contacts in the builder's target. */
export const STATUS_COUNTS: StatusCount[] = [
  { _id: statusId(1), text: 'Not contacted', count: 340 },
  { _id: statusId(2), text: 'Interested', count: 25 },
  { _id: statusId(3), text: 'Follow up', count: 0 },
];

export function buildList(overrides: Partial<ListDto> = {}): ListDto {
  return {
    _id: listId(1),
    name: 'Austin leads',
    imported: true,
    state: 'imported',
    error: null,
    itemCount: 120,
    propCount: 80,
    compCount: 4,
    totalRows: 130,
    rowsDone: 130,
    progress: 100,
    createdAt: '2026-01-05T10:00:00.000Z',
    hits: 0,
    landlines: 0,
    dnc: 0,
    cost: 0,
    result: {
      rowsRead: 130,
      contactsNew: 120,
      contactsMerged: 0,
      propertiesNew: 80,
      propertiesMerged: 0,
      companiesNew: 4,
      companiesMerged: 0,
      invalidPhones: 0,
      invalidEmails: 0,
      dncPhones: 0,
      dropped: {},
    },
    ...overrides,
  };
}
