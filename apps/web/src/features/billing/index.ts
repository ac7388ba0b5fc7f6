export { BillingScreen } from './components/billing-screen';
export { CreditsBadge } from './components/credits-badge';
export { billingKeys } from './api/billing-keys';
