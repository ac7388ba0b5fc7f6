export { TermsAndConditions } from './components/terms-and-conditions';
export { PrivacyPolicy } from './components/privacy-policy';
export { PRIVACY_TITLE, TERMS_TITLE } from './content/titles';
