import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  sessionLanding,
  companyStepProblem,
  onboardingProblem,
  resumeOnboardingStep,
  type OnboardingFacts,
} from './onboarding.js';

const done: OnboardingFacts = {
  companyName: 'Sierra Realty',
  userName: 'Ada',
  timezone: 'Europe/Paris',
  connectedDevices: 1,
  filledGroups: 1,
  customStatuses: 1,
};

describe('onboarding gates', () => {
  it('checks the company step: length, the placeholder name, then the user name', () => {
    expect(companyStepProblem('Ab', 'Ada')).toBe(messages.settings.companyNameTooShort);
    expect(companyStepProblem(' unnamed company ', 'Ada')).toBe(messages.onboarding.companyNameRequired);
    expect(companyStepProblem('Sierra', '  ')).toBe(messages.onboarding.userNameRequired);
    expect(companyStepProblem('Sierra', 'Ada')).toBeNull();
  });

  it('reports the first unmet gate in step order, and null when all are met', () => {
    expect(onboardingProblem(done)).toBeNull();
    expect(onboardingProblem({ ...done, timezone: null, customStatuses: 0 })).toBe(
      messages.onboarding.timezoneRequired,
    );
    expect(onboardingProblem({ ...done, connectedDevices: 0 })).toBe(messages.onboarding.deviceRequired);
    expect(onboardingProblem({ ...done, filledGroups: 0 })).toBe(messages.onboarding.templateRequired);
    expect(onboardingProblem({ ...done, customStatuses: 0 })).toBe(messages.onboarding.statusRequired);
  });
});

describe('resuming onboarding', () => {
  it('starts at the welcome screen while the company is not named', () => {
    expect(resumeOnboardingStep({ ...done, companyName: 'Unnamed Company' })).toBe(0);
    expect(resumeOnboardingStep({ ...done, userName: ' ' })).toBe(0);
  });

  it('picks up at the first step whose gate is not met', () => {
    expect(resumeOnboardingStep({ ...done, timezone: null, connectedDevices: 0 })).toBe(2);
    expect(resumeOnboardingStep({ ...done, connectedDevices: 0, customStatuses: 0 })).toBe(3);
    expect(resumeOnboardingStep({ ...done, customStatuses: 0 })).toBe(6);
  });

  it('reaches the templates through the subtemplates screen, and ends at All set! when all is done', () => {
    expect(resumeOnboardingStep({ ...done, filledGroups: 0 })).toBe(4);
    expect(resumeOnboardingStep(done)).toBe(7);
  });
});

describe('where a session lands before its team is onboarded', () => {
  const team = (onboarded: boolean) => ({ onboarded });
  it('opens the onboarding for a customer, the workspace once onboarded', () => {
    expect(sessionLanding({ isStaff: false, team: team(false) }, '/')).toBe('onboarding');
    expect(sessionLanding({ isStaff: false, team: team(false) }, '/admin/teams')).toBe('onboarding');
    expect(sessionLanding({ isStaff: false, team: team(true) }, '/')).toBe('workspace');
  });
  it('takes staff straight to the admin area, never through a customer onboarding', () => {
    expect(sessionLanding({ isStaff: true, team: team(false) }, '/admin/teams')).toBe('workspace');
    expect(sessionLanding({ isStaff: true, team: team(false) }, '/admin')).toBe('workspace');
    expect(sessionLanding({ isStaff: true, team: team(false) }, '/')).toBe('toAdmin');
    expect(sessionLanding({ isStaff: true, team: team(false) }, '/administrator')).toBe('toAdmin');
    expect(sessionLanding({ isStaff: true, team: team(true) }, '/')).toBe('workspace');
  });
  it('keeps the onboarding for staff viewing as a customer', () => {
    expect(sessionLanding({ isStaff: true, impersonatedBy: 'Sam', team: team(false) }, '/admin')).toBe(
      'onboarding',
    );
  });
});
