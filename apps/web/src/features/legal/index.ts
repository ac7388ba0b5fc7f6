export { TermsAndConditions, TERMS_TITLE } from './components/terms-and-conditions';
export { PrivacyPolicy, PRIVACY_TITLE } from './components/privacy-policy';
