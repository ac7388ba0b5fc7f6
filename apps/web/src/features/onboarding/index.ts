export { OnboardingWelcome } from './components/onboarding-welcome';
