import {
  IDLE_MEMBER,
  diallerReducer,
  type CallDto,
  type CallStatus,
  type DiallerAction,
  type DiallerMember,
  type DiallerMemberDto,
  type DiallerStateDto,
} from '@prospector/core';

/** One line: a call placed from a member's queue (or by hand), or an inbound call, until it ends. */
export type Line = {
  callId: string;
  sid: string | null;
  teamId: string;
  /** The member on the line; null for an inbound call nobody has taken (yet). */
  userId: string | null;
  itemId: string | null;
  campaignId: string | null;
  direction: 'in' | 'out';
  phone: string;
  from: string;
  name: string;
  status: CallStatus;
  startedAt: Date;
  answeredAt: Date | null;
  /** Ended by the dialler because another line was answered first. */
  cancelled: boolean;
  vmId: string | null;
  endedAt: Date | null;
  durationMs: number;
  /** The line's database writes, in order (the row is inserted first). */
  writes: Promise<unknown>;
  /** Inbound: the members whose browsers ring for it now. */
  offeredTo?: Set<string>;
  /** Inbound: the member whose own phone it was forwarded to. */
  forwardedTo?: string | null;
  /** Inbound: the record's assignees when it rang (who hears of a missed call). */
  assignedTo?: string[];
  /** Inbound: when the members' ringing gives up. */
  ringTimer?: NodeJS.Timeout | null;
};

/** What the dialler reads of the member's own call settings (user_call_settings). */
export type MemberCallSettings = { noStatusCalls: boolean; defaultVm: string | null };

/** A member in the dialler, in this process (ADR 022: sessions live where the member's socket is). */
export type Session = {
  teamId: string;
  userId: string;
  name: string;
  avatar: string | null;
  state: DiallerMember;
  onCallSince: Date | null;
  /** The call shown in the bar: live, or ended and waiting for Done. */
  shown: Line | null;
  lines: Map<string, Line>;
  /** Calls being placed right now (they hold a line before the provider answers with an id). */
  placing: number;
  lineLimit: number;
  restart: NodeJS.Timeout | null;
  pumping: Promise<void>;
  /** Inbound calls ringing this member's browser, by call id. */
  offers: Map<string, Line>;
  /** Why the server stopped this member's dialling (the plan's calls), until they start again. */
  notice: string | null;
  settings: MemberCallSettings;
};

export function newSession(
  teamId: string,
  user: { id: string; name: string; avatar: string | null },
  settings: MemberCallSettings = { noStatusCalls: false, defaultVm: null },
): Session {
  return {
    teamId,
    userId: user.id,
    name: user.name,
    avatar: user.avatar,
    state: { ...IDLE_MEMBER, active: true, selectedVm: settings.defaultVm },
    onCallSince: null,
    shown: null,
    lines: new Map(),
    placing: 0,
    lineLimit: 2,
    restart: null,
    pumping: Promise.resolve(),
    offers: new Map(),
    notice: null,
    settings,
  };
}

export function apply(s: Session, action: DiallerAction) {
  s.state = diallerReducer(s.state, action);
}

export const isLive = (l: Line) => l.status === 'Ringing' || l.status === 'In call' || l.status === 'Machine';

/** Lines that hold one of the member's two: ringing, or a machine waiting for a voicemail. */
export const busyLines = (s: Session) =>
  [...s.lines.values()].filter((l) => l.status === 'Ringing' || l.status === 'Machine').length + s.placing;

export function toCallDto(l: Line, now: Date): CallDto {
  return {
    _id: l.callId,
    itemId: l.itemId,
    direction: l.direction,
    phone: l.phone,
    from: l.from,
    sid: l.sid,
    status: l.status,
    startedAt: l.startedAt.toISOString(),
    answeredAt: l.answeredAt?.toISOString() ?? null,
    endedAt: l.endedAt?.toISOString() ?? null,
    durationMs: l.endedAt ? l.durationMs : l.answeredAt ? now.getTime() - l.answeredAt.getTime() : 0,
    name: l.name,
  };
}

export function toStateDto(s: Session | undefined, now: Date): DiallerStateDto {
  if (!s)
    return {
      ...IDLE_MEMBER,
      selectedVm: null,
      activeCall: null,
      ringing: [],
      lines: 2,
      incoming: [],
      notice: null,
    };
  return {
    active: s.state.active,
    dialling: s.state.dialling,
    paused: s.state.paused,
    onCall: s.state.onCall,
    selectedVm: s.state.selectedVm,
    activeCall: s.shown ? toCallDto(s.shown, now) : null,
    ringing: [...s.lines.values()].filter((l) => l !== s.shown && isLive(l)).map((l) => toCallDto(l, now)),
    lines: s.lineLimit,
    incoming: [...s.offers.values()].map((l) => toCallDto(l, now)),
    notice: s.notice,
  };
}

/** Free to take an inbound call: not dialling, not on a call, no line ringing or waiting. */
export const isIdle = (s: Session) =>
  s.state.active && !s.state.dialling && !s.state.onCall && busyLines(s) === 0 && s.placing === 0;

export function toMemberDto(s: Session): DiallerMemberDto {
  return {
    userId: s.userId,
    name: s.name,
    avatar: s.avatar,
    active: s.state.active,
    dialling: s.state.dialling,
    paused: s.state.paused,
    onCall: s.state.onCall,
    onCallSince: s.state.onCall && s.onCallSince ? s.onCallSince.toISOString() : null,
  };
}

/** A member who left: what the others' lists get. */
export function leftMemberDto(user: { id: string; name: string; avatar: string | null }): DiallerMemberDto {
  return {
    userId: user.id,
    name: user.name,
    avatar: user.avatar,
    active: false,
    dialling: false,
    paused: false,
    onCall: false,
    onCallSince: null,
  };
}
