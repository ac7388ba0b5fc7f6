export { LandingPage } from './components/landing-page';
export { MarketingLayout } from './components/marketing-layout';
export { LANDING_SECTION_IDS } from './content/highlights';
