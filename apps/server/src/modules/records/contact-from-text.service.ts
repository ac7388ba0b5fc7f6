import type { Db } from '../../db/client.js';
import { setPhoneOrigin } from '../../db/phone-origin.js';
import * as q from './records.queries.js';

export type ContactFromText = {
  teamId: string;
  /** The team's 'Not contacted' status, if it has one. */
  statusId: string | null;
  from: string;
  body: string;
  at: Date;
  now: Date;
  /** The device that received it: the number's sticky sender from now on. */
  sentFrom: string;
  /** 'DNC' or 'Wrong #' when the text said so; the number is then not primary. */
  mark: 'DNC' | 'Wrong #' | null;
  /** The system message that says why the number is marked. */
  systemBody: string | null;
};

/**
 * A text from a number the team does not have: a new contact, 'Not contacted', with the number (primary
 * unless marked), the text unread and, when marked, its system message. Runs in the caller's
 * transaction (the devices' inbound path, which asked first whether the number is known).
 */
export async function createContactFromText(tx: Db, t: ContactFromText) {
  const contact = await q.insertItem(tx, {
    teamId: t.teamId,
    type: 'contact',
    data: {},
    statusId: t.statusId,
    lastMessage: { body: t.body, createdAt: t.at.toISOString(), leadIdt: t.from, direction: 'in' },
    unreadSms: 1,
    lastActivityAt: t.now,
    createdAt: t.now,
    updatedAt: t.now,
  });
  await setPhoneOrigin(tx, { source: 'text', body: t.body });
  await q.insertIdentifier(tx, {
    teamId: t.teamId,
    itemId: contact.id,
    value: t.from,
    isEmail: t.from.includes('@'),
    primary: t.mark === null,
    status: t.mark ?? '',
    position: 0,
    sentFrom: t.sentFrom,
    createdAt: t.now,
  });
  const message = await q.insertMessage(tx, {
    teamId: t.teamId,
    itemId: contact.id,
    body: t.body,
    direction: 'in',
    phone: t.from,
    sentFrom: t.sentFrom,
    status: 'received',
    createdAt: t.at,
  });
  const system = t.systemBody
    ? await q.insertMessage(tx, {
        teamId: t.teamId,
        itemId: contact.id,
        body: t.systemBody,
        direction: 'in',
        system: true,
        createdAt: t.now,
      })
    : null;
  return { message, system, itemId: contact.id };
}
