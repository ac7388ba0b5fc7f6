import { lawLabel, messages, underLawHours as underLaw, type WaitReason } from '@prospector/core';
import { formatWhen } from '../../../lib/format-when';

export { formatWhen };

/** One group of the details' waiting recipients, as the stats call gives it. */
export type WaitingGroup = {
  reason: WaitReason;
  count: number;
  until: string | null;
  field: string | null;
  /** The law that holds them ('FL', 'FL,TX', 'US', 'TEAM'), for quiet hours and the 24-hour limit. */
  law?: string | null;
};

const number = new Intl.NumberFormat('en-US');

/** "1 recipient is" / "312 recipients are". */
function people(n: number, verb: 'is' | 'was' | 'waits') {
  const forms = { is: ['is', 'are'], was: ['was', 'were'], waits: ['waits', 'wait'] }[verb];
  return `${number.format(n)} ${n === 1 ? 'recipient' : 'recipients'} ${n === 1 ? forms[0] : forms[1]}`;
}

/**
 * One sentence (or two) per group of waiting recipients: how many, why, and until when, in the
 * team's zone. The wording is ours; the spec has none for this.
 */
export function waitingSentence(g: WaitingGroup, timeZone: string, now: Date): string {
  const until = g.until ? formatWhen(g.until, timeZone, now) : null;
  const n = g.count;
  switch (g.reason) {
    case 'paused':
      return `${people(n, 'is')} on hold while the campaign is paused.`;
    case 'outsideWindow':
      return `${people(n, 'waits')} for the campaign's sending hours${until ? `, which open ${until}` : ''}.`;
    case 'planLimit':
      return `${people(n, 'waits')} because the team's plan has used its texts for this month. Texts resume${until ? ` ${until}` : ' when the month turns'}, or at once on a paid plan (Settings > Billing).`;
    case 'notStarted':
      return `${people(n, 'waits')} for the campaign to start${until ? ` ${until}` : ''}.`;
    case 'quietHours':
      return g.law && g.law !== 'US'
        ? `${people(n, 'is')} outside the hours they may be texted${underLaw(g.law)}${until ? `, until ${until} your time` : ''}.`
        : `${people(n, 'is')} in quiet hours in their own time zone (9 PM to 8 AM)${until ? `, until ${until} your time` : ''}.`;
    case 'lawDailyCap':
      return `${people(n, 'was')} texted or called 3 times in the last 24 hours, the most${g.law ? ` ${lawLabel(g.law)}` : ' their state'} allows${until ? `; ${n === 1 ? 'it waits' : 'they wait'} until ${until}` : ''}.`;
    case 'followUpDue':
      return `${people(n, 'waits')} for a reply before their next follow-up${until ? `, due ${until}` : ''}.`;
    case 'deviceLimit':
      return `${people(n, 'waits')} because the campaign's devices reached their daily texting limit. It starts again at midnight; you can raise it in Settings > Other.`;
    case 'firstTouchCap':
      return `${people(n, 'waits')} because each device has texted as many new contacts as it safely can today. New contacts go out again after midnight.`;
    case 'deviceUnhealthy':
      return `${people(n, 'waits')} because the campaign paused a device whose texts were not being delivered. Check it in Settings > Devices.`;
    case 'deviceOffline':
      return `${people(n, 'waits')} because none of the campaign's devices is connected. Reconnect one (Settings > Devices) to continue.`;
    case 'recipientDailyCap':
      return `${people(n, 'was')} already texted 3 times in the last 24 hours${until ? ` and ${n === 1 ? 'waits' : 'wait'} until ${until}` : ''}.`;
    case 'awaitingReply':
      return `${people(n, 'was')} texted and ${n === 1 ? 'waits' : 'wait'} for a reply before their next phone is tried${until ? ` ${until}` : ''}.`;
    case 'noTemplate':
      return `${people(n, 'waits')} because the campaign's template groups have no templates left. Add a template to continue.`;
    case 'inCallQueue':
      return messages.campaigns.inCallQueue(people(n, 'is'));
    case 'queued':
      return `${people(n, 'is')} in line and will be texted as the devices space out their texts.`;
    case 'missingField':
      return `${people(n, 'was')} skipped for having no ${g.field ?? 'value for a template field'}. A fallback such as **${g.field ?? 'First name'}|there** texts them in your next campaign.`;
  }
}

/**
 * "Next text: today at 9:00 AM." in the team's zone; null when there is nothing left to say (a
 * finished campaign, or no one waiting).
 */
export function nextTextSentence(
  s: { nextTextAt: string | null; paused: boolean; finished: boolean; pending: number },
  timeZone: string,
  now: Date,
): string | null {
  if (s.finished || s.pending === 0) return null;
  if (s.paused) return 'Next text: none while the campaign is paused.';
  if (!s.nextTextAt) return 'Next text: none until the problem below is fixed.';
  if (new Date(s.nextTextAt).getTime() <= now.getTime() + 60_000) return 'Next text: any moment now.';
  return `Next text: ${formatWhen(s.nextTextAt, timeZone, now)}.`;
}
