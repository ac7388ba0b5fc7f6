import { messages } from '../messages.js';
import { isWithin, paths } from '../paths.js';
import { isValidCompanyName } from './settings.js';

/** The name a new team starts with; onboarding does not pass until it is changed. */
export const PLACEHOLDER_COMPANY_NAME = 'Unnamed Company';

/** Onboarding: 8 screens (welcome, 6 steps, 'All set!'); the progress bar has 7 segments. */
export const ONBOARDING_SEGMENTS = 7;

/** What the onboarding gates look at (spec part 2 §5 'Onboarding gates'). */
export type OnboardingFacts = {
  companyName: string;
  userName: string;
  timezone: string | null;
  /** Phones (Android, or iPhones through their Mac) whose agent is connected. */
  connectedDevices: number;
  /** Template groups holding at least one template. */
  filledGroups: number;
  /** Statuses besides the built-in Not contacted, DNC and Wrong number. */
  customStatuses: number;
};

/** Step 1: a real company name of at least the settings' length, and the user named. */
export function companyStepProblem(companyName: string, userName: string): string | null {
  if (!isValidCompanyName(companyName)) return messages.settings.companyNameTooShort;
  if (companyName.trim().toLowerCase() === PLACEHOLDER_COMPANY_NAME.toLowerCase()) {
    return messages.onboarding.companyNameRequired;
  }
  if (!userName.trim()) return messages.onboarding.userNameRequired;
  return null;
}

export const timezoneStepProblem = (timezone: string | null) =>
  timezone ? null : messages.onboarding.timezoneRequired;
export const deviceStepProblem = (connected: number) =>
  connected > 0 ? null : messages.onboarding.deviceRequired;
export const templatesStepProblem = (filledGroups: number) =>
  filledGroups > 0 ? null : messages.onboarding.templateRequired;
export const statusStepProblem = (customStatuses: number) =>
  customStatuses > 0 ? null : messages.onboarding.statusRequired;

/** The first gate not met, in step order, or null when the team may finish onboarding. */
export function onboardingProblem(f: OnboardingFacts): string | null {
  return (
    companyStepProblem(f.companyName, f.userName) ??
    timezoneStepProblem(f.timezone) ??
    deviceStepProblem(f.connectedDevices) ??
    templatesStepProblem(f.filledGroups) ??
    statusStepProblem(f.customStatuses)
  );
}

/** Screen indices of the flow: 0 welcome, 1–6 the steps (4 subtemplates, skippable), 7 'All set!'. */
export const ONBOARDING_SUBTEMPLATES_STEP = 4;

/**
 * Where a returning user picks up: the welcome screen while nothing is done yet, else the first step
 * whose gate is not met ('All set!' when none). Templates are reached through the subtemplates screen,
 * which is skippable but is where a template's rotating parts are written first.
 */
export function resumeOnboardingStep(f: OnboardingFacts): number {
  if (companyStepProblem(f.companyName, f.userName)) return 0;
  if (timezoneStepProblem(f.timezone)) return 2;
  if (deviceStepProblem(f.connectedDevices)) return 3;
  if (templatesStepProblem(f.filledGroups)) return ONBOARDING_SUBTEMPLATES_STEP;
  if (statusStepProblem(f.customStatuses)) return 6;
  return ONBOARDING_SEGMENTS;
}

/**
 * What a logged-in session opens at this path (issue 30 item 9): the workspace once the team is
 * onboarded; the onboarding for a customer whose team is not; and for our staff in their own session
 * (not viewing as someone) the admin area — their tools never wait on a customer's onboarding,
 * device included — with any other path sent to /admin.
 */
export function sessionLanding(
  user: { isStaff: boolean; impersonatedBy?: string | null | undefined; team: { onboarded: boolean } },
  pathname: string,
): 'workspace' | 'onboarding' | 'toAdmin' {
  if (user.team.onboarded) return 'workspace';
  if (!user.isStaff || user.impersonatedBy) return 'onboarding';
  return isWithin(pathname, paths.admin.root) ? 'workspace' : 'toAdmin';
}
