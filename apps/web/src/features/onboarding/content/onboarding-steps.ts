/** The seven steps after the welcome screen (spec part 2 §2 Onboarding), one progress segment each. */
export const ONBOARDING_STEPS: { title: string; text: string; optional?: boolean }[] = [
  { title: 'Company & your name', text: 'Name your company and tell your team who you are.' },
  { title: 'Timezone', text: 'Campaigns and tasks follow your local time.' },
  { title: 'Connect a device', text: 'Link at least one Android phone or Mac with an iPhone to send texts.' },
  { title: 'Subtemplates', text: 'Rotating alternatives for greetings and phrases.', optional: true },
  { title: 'Templates', text: 'Create a template group with at least one message.' },
  { title: 'A status', text: 'Add a first status for your lead board.' },
  { title: 'All set!', text: 'Your workspace is ready for the first campaign.' },
];
