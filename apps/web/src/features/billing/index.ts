export { BillingScreen } from './components/billing-screen';
export { CreditsBadge } from './components/credits-badge';
