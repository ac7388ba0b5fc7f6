import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
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
