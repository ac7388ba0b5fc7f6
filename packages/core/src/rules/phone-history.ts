import type { PhoneEventDto, PhoneOrigin } from '../contract/records/phone-history.js';

const quote = (body: string) => `“${body.length > 60 ? `${body.slice(0, 59)}…` : body}”`;

/** Where a change came from, in words: "the import of leads.csv into Spring list", "a text: “STOP”". */
export function describePhoneOrigin(o: PhoneOrigin): string {
  const who = o.userName ? ` by ${o.userName}` : '';
  switch (o.source) {
    case 'import': {
      const file = o.fileName ? ` of ${o.fileName}` : '';
      const list = o.listName ? ` into list ${o.listName}` : '';
      return `the import${file}${list}${who}`;
    }
    case 'skiptrace':
      return `a skip trace${who}`;
    case 'text':
      return o.body === undefined ? 'a text they sent' : `a text they sent: ${quote(o.body)}`;
    case 'member':
      return o.userName ? o.userName : 'a member';
    case 'reply-action':
      return `the reply action${o.label ? ` for ${o.label}` : ''}${who}`;
    case 'dnc-list':
      return `the DNC list${o.fileName ? ` ${o.fileName}` : ''}${who}`;
    case 'system':
      return 'Prospector';
  }
}

const statusName = (s: string | null) => (s ? s : 'no status');

/** One line of a phone's history: what happened and by whom or what. */
export function describePhoneEvent(
  e: Pick<PhoneEventDto, 'event' | 'fromStatus' | 'toStatus' | 'primary' | 'origin'>,
) {
  const by = describePhoneOrigin(e.origin);
  switch (e.event) {
    case 'added': {
      const how = e.origin.source === 'member' || e.origin.source === 'system' ? 'by' : 'from';
      return `Added${e.toStatus ? ` as ${e.toStatus}` : ''} ${how} ${by}`;
    }
    case 'status':
      return e.toStatus ? `Marked ${e.toStatus} by ${by}` : `${statusName(e.fromStatus)} cleared by ${by}`;
    case 'primary':
      return `${e.primary ? 'Made primary' : 'No longer primary'} by ${by}`;
    case 'moved':
      return `Moved to another record by ${by}`;
    case 'removed':
      return `Removed by ${by}`;
  }
}
