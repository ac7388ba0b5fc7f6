export {
  createAffiliatesService,
  type AffiliatesService,
  type ReferredPayment,
} from './affiliates.service.js';
export { affiliatesRoutes } from './affiliates.routes.js';
export type { AffiliatesErrorCode } from './affiliates.errors.js';
