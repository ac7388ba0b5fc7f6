import type { ComponentType } from 'react';
import { IconAdjustments, IconHeadset, IconRobot, IconSpeakerphone, IconStack2 } from '@tabler/icons-react';
import { messages } from '@prospector/core';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number }>;

export type Highlight = {
  id: string;
  label: string;
  icon: IconComponent;
  heading: string;
  description: string;
  points: { title: string; text: string }[];
  /** A claim shown as a figure beside the section. */
  stat?: { value: string; caption: string };
};

/** Marketing highlights of spec part 2 §1, in the order of the side navigation. */
export const HIGHLIGHTS: Highlight[] = [
  {
    id: 'campaigns',
    label: 'Campaigns',
    icon: IconSpeakerphone,
    heading: 'Campaigns that reach the right people',
    description:
      'Target each campaign by your data and by everything you have already said to a lead. Messages go out from your own phones on a weekly schedule, so they arrive like a text from a person, not a short code.',
    points: [
      {
        title: 'Targeted by data',
        text: 'Pick recipients by list and lead status, and see the count before you launch.',
      },
      {
        title: 'Aware of history',
        text: 'Leave out anyone you contacted recently, so nobody hears from you twice.',
      },
      {
        title: 'High delivery rates',
        text: 'Real phone numbers and rotating templates keep your texts out of spam.',
      },
    ],
  },
  {
    id: 'data-stacking',
    label: 'Data Stacking',
    icon: IconStack2,
    heading: 'One clean record per person, property and company',
    description:
      'Every imported list is deduplicated and linked to the data you already have. Stack lists on top of each other and see where they overlap instead of texting the same owner twice.',
    points: [
      {
        title: 'Unique phones and e-mails',
        text: 'Each number and address exists once, whatever list it came from.',
      },
      {
        title: 'Unique properties',
        text: 'Addresses are matched, so a property collects all of its owners and lists.',
      },
      { title: 'Unique companies', text: 'Companies and their people stay linked across every import.' },
    ],
  },
  {
    id: 'automation',
    label: 'Automation',
    icon: IconRobot,
    heading: 'Let the routine run itself',
    description:
      'Schedule the follow-ups, let Prospector put the hottest leads first, and act on thousands of records at once. Your team spends its day talking to sellers, not sorting spreadsheets.',
    points: [
      {
        title: 'Scheduled actions',
        text: 'Campaigns run on your weekly schedule; tasks remind you when they are due.',
      },
      { title: 'Prioritized data', text: 'Unread replies and due tasks rise to the top of every board.' },
      { title: 'Bulk actions', text: 'Assign, launch campaigns or export whole lists in one step.' },
      {
        title: 'Data-quality tracking',
        text: 'Wrong numbers and opt-outs are flagged and kept out of campaigns.',
      },
    ],
    stat: { value: '15–40%', caption: messages.landing.automationClaim },
  },
  {
    id: 'customizable',
    label: 'Customizable',
    icon: IconAdjustments,
    heading: 'Shaped around how your team works',
    description:
      'Add the fields your deals need, decide who sees what, and define the stages a lead moves through. Prospector adapts to your process instead of the other way round.',
    points: [
      { title: 'Data fields', text: 'Create sections and fields for contacts, properties and companies.' },
      { title: 'Access control', text: 'Give each member exactly the permissions and data they need.' },
      { title: 'Process management', text: 'Your own statuses, your own board, your own pipeline.' },
    ],
  },
  {
    id: 'live-support',
    label: 'Live Support',
    icon: IconHeadset,
    heading: 'People who pick up when you need them',
    description:
      'Real humans help you set up, train your team and answer questions from inside the app. No ticket queues, no bots.',
    points: [
      { title: 'Free onboarding', text: 'We connect your phones and import your first list with you.' },
      { title: 'Training calls', text: 'Walk your team through campaigns, the dialler and the inbox.' },
      { title: 'Live support', text: 'Chat with our team right from the workspace, Monday to Saturday.' },
    ],
  },
];

export const LANDING_SECTION_IDS: readonly string[] = [
  ...HIGHLIGHTS.map((h) => h.id),
  'features',
  'how-it-works',
];
