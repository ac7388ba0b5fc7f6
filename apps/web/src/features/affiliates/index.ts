export { AffiliateScreen } from './components/affiliate-screen';
export { BecomeAffiliatePage } from './components/become-affiliate-page';
