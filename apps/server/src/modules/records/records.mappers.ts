import {
  itemTitle,
  orderIdentifiers,
  type IdentifierDto,
  type ItemSummary,
  type MessageDto,
  type TaskDto,
} from '@prospector/core';
import type { CompanyNameFields } from '../../db/titles.js';
import type { IdentifierRow, ItemRow, MessageRow, TaskRow } from './records.queries.js';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export function toIdentifierDto(r: IdentifierRow): IdentifierDto {
  return {
    _id: r.id,
    value: r.value,
    primary: r.primary,
    status: r.status,
    isEmail: r.isEmail,
    sentFrom: r.sentFrom,
    apple: r.apple,
  };
}

export function identifierDtos(rows: IdentifierRow[]): IdentifierDto[] {
  return orderIdentifiers(rows.map(toIdentifierDto));
}

/** Second line of a card or a linked record. */
export function itemSubtitle(
  type: ItemRow['type'],
  data: ItemRow['data'],
  primary: string | undefined,
): string {
  if (type === 'contact') return primary ?? '';
  if (type === 'company') return str(data['Website']);
  return [str(data['City']), str(data['State'])].filter(Boolean).join(', ');
}

/** A record's title by core's one rule: a contact without a name by its company, else its phone. */
export function titleOf(
  r: { type: ItemRow['type']; data: ItemRow['data']; company?: CompanyNameFields },
  primary: string | null | undefined,
): string {
  const company = r.company ? itemTitle('company', r.company as ItemRow['data']) : null;
  return itemTitle(r.type, r.data, { company, primary });
}

export function toSummary(
  r: { id: string; type: ItemRow['type']; data: ItemRow['data']; company?: CompanyNameFields },
  status: string | null,
  primary: string | undefined,
): ItemSummary {
  return {
    _id: r.id,
    type: r.type,
    status,
    title: titleOf(r, primary),
    subtitle: itemSubtitle(r.type, r.data, primary),
  };
}

export function toTaskDto(t: TaskRow): TaskDto {
  return {
    _id: t.id,
    dataId: t.itemId,
    text: t.text,
    completed: t.completed,
    due: t.due?.toISOString() ?? null,
    assignedTo: t.assignedTo,
  };
}

export function toMessageDto(
  m: MessageRow,
  sender: { name: string | null; email: string | null; avatar: string | null } | null,
): MessageDto {
  return {
    _id: m.id,
    itemId: m.itemId,
    body: m.body,
    direction: m.direction,
    phone: m.phone,
    sentFrom: m.sentFrom,
    sender:
      m.senderId && sender?.email
        ? { _id: m.senderId, name: sender.name || sender.email, avatar: sender.avatar }
        : null,
    comment: m.comment,
    isIM: m.isIm,
    status: m.status,
    system: m.system,
    due: m.due?.toISOString() ?? null,
    file: m.file,
    vmUrl: m.vmUrl,
    createdAt: m.createdAt.toISOString(),
  };
}
