import type { DialRefusal, MessageDto } from '@prospector/core';
import type { CallsErrorCode } from './calls.errors.js';
import type { addCallToThread } from '../records/index.js';

/** The caller ID: a team number in the contact's area code when there is one, else the team's first. */
export function pickCallerId(numbers: readonly { number: string }[], to: string): string {
  const area = to.startsWith('+1') ? to.slice(0, 5) : null;
  return (area && numbers.find((n) => n.number.startsWith(area))?.number) || numbers[0]!.number;
}

export function refusalCode(r: DialRefusal): CallsErrorCode {
  const codes: Record<DialRefusal, CallsErrorCode> = {
    dnc: 'DNC',
    wrongNumber: 'WRONG_NUMBER',
    noPhone: 'NO_PHONE',
    quietHours: 'QUIET_HOURS',
    lawDailyCap: 'LAW_DAILY_CAP',
  };
  return codes[r];
}

/** A call's thread message as the record's thread shows it. */
export function toCallMessageDto(m: Awaited<ReturnType<typeof addCallToThread>>): MessageDto {
  return {
    _id: m.id,
    itemId: m.itemId,
    body: m.body,
    direction: m.direction,
    phone: m.phone,
    sentFrom: m.sentFrom,
    sender: null,
    comment: m.comment,
    isIM: m.isIm,
    status: m.status,
    system: m.system,
    due: null,
    file: m.file,
    vmUrl: m.vmUrl,
    createdAt: m.createdAt.toISOString(),
  };
}
