import {
  contactRule,
  lawLabel,
  lawStateNames,
  messages,
  underLawHours,
  type DiallerWaitingDto,
} from '@prospector/core';
import { formatWhen } from '../../../lib/format-when';

type Group = DiallerWaitingDto['groups'][number];

const number = new Intl.NumberFormat('en-US');

/** "1 contact waits" / "12 contacts wait". */
function contacts(n: number, verb: 'waits' | 'is' | 'was') {
  const forms = { waits: ['waits', 'wait'], is: ['is', 'are'], was: ['was', 'were'] }[verb];
  return `${number.format(n)} ${n === 1 ? 'contact' : 'contacts'} ${n === 1 ? forms[0] : forms[1]}`;
}

/**
 * One sentence per group of the member's queue the dialler is not calling now, worded as a
 * campaign's waiting recipients are (features/campaigns/utils/waiting-sentences.ts), in the team's zone.
 */
export function diallerWaitingSentence(g: Group, timeZone: string, now: Date): string {
  const n = g.count;
  switch (g.reason) {
    case 'quietHours': {
      const until = g.until ? `, the first until ${formatWhen(g.until, timeZone, now)} your time` : '';
      return g.law
        ? `${contacts(n, 'waits')} for the hours they may be called${underLawHours(g.law)}${until}.`
        : `${contacts(n, 'waits')} for their calling hours (8 AM to 9 PM in their own time zone)${until}.`;
    }
    case 'lawDailyCap': {
      const law = g.law ?? '';
      return messages.dialler.lawDailyCapWaiting(
        number.format(n),
        n === 1,
        lawStateNames(law) || 'their state',
        contactRule(law.split(',')).maxPer24h ?? 3,
        lawLabel(law) ?? 'their state',
        g.until ? formatWhen(g.until, timeZone, now) : null,
      );
    }
    case 'noStatus':
      return `${contacts(n, 'is')} passed over because they have no status and your call settings skip those.`;
    case 'dnc':
      return `${contacts(n, 'is')} DNC and will not be called.`;
    case 'wrongNumber':
      return `${contacts(n, 'is')} marked Wrong # and will not be called.`;
    case 'noPhone':
      return `${contacts(n, 'was')} skipped for having no phone.`;
  }
}

/** "Next call: today at 8:00 AM." — or any moment now, or none until more contacts are queued. */
export function nextCallSentence(w: DiallerWaitingDto, now: Date): string {
  if (!w.nextCallAt) return 'Next call: none until you queue contacts the dialler may call.';
  if (new Date(w.nextCallAt).getTime() <= now.getTime() + 60_000) return 'Next call: any moment now.';
  return `Next call: ${formatWhen(w.nextCallAt, w.timezone, now)}.`;
}
