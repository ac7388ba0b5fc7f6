export { OnboardingFlow } from './components/onboarding-flow';
