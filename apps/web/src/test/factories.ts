import type {
  BoardCard,
  CurrentUser,
  DeviceDto,
  IdentifierDto,
  InboxRow,
  ItemDto,
  MemberDto,
  MessageDto,
  NotificationDto,
  StatusDto,
  TaskDto,
  TeamSummary,
} from '@prospector/core';

type UserOverrides = Partial<Omit<CurrentUser, 'team'>> & { team?: Partial<TeamSummary> };

export function buildUser(overrides: UserOverrides = {}): CurrentUser {
  const { team, ...rest } = overrides;
  return {
    _id: 'user-1',
    email: 'ann@acme.test',
    name: 'Ann Walker',
    role: 'admin',
    permissions: [],
    dataAccess: 'All data',
    avatar: null,
    phone: null,
    isStaff: false,
    impersonatedBy: null,
    ...rest,
    team: {
      _id: 'team-1',
      name: 'Acme Realty',
      onboarded: true,
      timezone: 'America/New_York',
      country: 'US',
      ppgl: 100,
      avatar: null,
      subUsers: [],
      ...team,
    },
  };
}

export function buildMember(overrides: Partial<MemberDto> = {}): MemberDto {
  return {
    _id: 'user-1',
    name: 'Ann Walker',
    email: 'ann@acme.test',
    avatar: null,
    role: 'admin',
    ...overrides,
  };
}

export function buildStatus(overrides: Partial<StatusDto> = {}): StatusDto {
  return { _id: 'status-new', text: 'New lead', hidden: false, builtIn: false, ...overrides };
}

export function buildCard(overrides: Partial<BoardCard> = {}): BoardCard {
  return {
    _id: 'item-1',
    type: 'contact',
    status: 'New lead',
    title: 'Jane Doe',
    subtitle: '+19164567890',
    notifCount: 0,
    due: null,
    hasOpenTask: false,
    hasPrimary: true,
    queued: false,
    assignedTo: [],
    lastMessage: null,
    ...overrides,
  };
}

export function buildIdentifier(overrides: Partial<IdentifierDto> = {}): IdentifierDto {
  return {
    _id: 'idt-1',
    value: '+19164567890',
    primary: true,
    status: '',
    isEmail: false,
    sentFrom: null,
    apple: false,
    ...overrides,
  };
}

export function buildItem(overrides: Partial<ItemDto> = {}): ItemDto {
  return {
    _id: 'item-1',
    type: 'contact',
    status: null,
    data: { 'First name': 'Jane', 'Last name': 'Doe' },
    custom: {},
    idts: [buildIdentifier()],
    assignedTo: [],
    pushedToCrm: false,
    queued: false,
    notifCount: 0,
    properties: [],
    contacts: [],
    companies: [],
    image: null,
    location: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    _id: 'task-1',
    dataId: 'item-1',
    text: 'Call back',
    completed: false,
    due: null,
    assignedTo: [],
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    _id: 'msg-1',
    itemId: 'item-1',
    body: 'Hello',
    direction: 'out',
    phone: null,
    sentFrom: null,
    sender: null,
    comment: true,
    isIM: false,
    status: null,
    system: false,
    due: null,
    file: null,
    vmUrl: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    _id: 'notif-1',
    sender: { _id: 'user-2', name: 'Bob Stone', avatar: null },
    body: 'Bob Stone mentioned you',
    body2: 'Can you call her?',
    target: 'item',
    targetId: 'item-1',
    seen: false,
    read: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildDevice(overrides: Partial<DeviceDto> = {}): DeviceDto {
  return {
    _id: 'device-1',
    value: '+19165550100',
    phoneType: 'Android',
    isComputer: false,
    macName: null,
    macId: null,
    isIntel: false,
    simulated: false,
    transport: 'agent',
    connected: true,
    pingedAt: '2026-01-05T10:00:00.000Z',
    sentToday: 0,
    receivedToday: 0,
    ...overrides,
  };
}

export function buildInboxRow(overrides: Partial<InboxRow> = {}): InboxRow {
  return {
    _id: '11111111-1111-4111-8111-000000000001',
    type: 'contact',
    title: 'Jane Doe',
    subtitle: '+19164567890',
    status: null,
    hasPrimary: true,
    phone: '+19164567890',
    phoneStatus: '',
    lastMessage: {
      body: 'Sounds good, call me tomorrow.',
      direction: 'in',
      createdAt: '2026-01-05T10:00:00.000Z',
    },
    unread: 0,
    notifCount: 0,
    replyLabel: null,
    ...overrides,
  };
}
