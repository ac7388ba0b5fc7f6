export {
  integrations,
  getIntegrations,
  updateHooks,
  pushToCrm,
  publicSendSms,
  type Integrations,
} from './hooks.js';
