/** This feature's own cache keys: it reads the team's templates and statuses itself. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  templates: () => [...onboardingKeys.all, 'templates'] as const,
  statuses: () => [...onboardingKeys.all, 'statuses'] as const,
};
