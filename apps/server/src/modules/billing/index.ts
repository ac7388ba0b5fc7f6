export { createBillingService, type BillingService } from './billing.service.js';
export { billingRoutes } from './billing.routes.js';
export {
  createLedger,
  type Applied,
  type ChargeReason,
  type GrantReason,
  type LedgerService,
  type LoadReason,
} from './ledger.service.js';
export { createPlans, type PlansService, type PlanUsage } from './plans.service.js';
export type { BillingErrorCode } from './billing.errors.js';
