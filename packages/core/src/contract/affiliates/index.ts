export {
  affiliateEntryDto,
  affiliateSummaryDto,
  becomeAffiliate,
  getAffiliate,
  loadAffiliateAccount,
  withdrawAffiliate,
  type AffiliateEntryDto,
  type AffiliateSummaryDto,
} from './affiliates.js';
