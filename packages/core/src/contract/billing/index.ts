export {
  adminAddCredits,
  creditEntryDto,
  getBilling,
  getBillingHistory,
  getBillingUsage,
  type CreditEntryDto,
} from './billing.js';
