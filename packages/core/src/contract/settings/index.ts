export {
  integrations,
  getIntegrations,
  updateHooks,
  pushToCrm,
  publicSendSms,
  type Integrations,
} from './hooks.js';
export { updateTimezone } from './update-timezone.js';
export { searchTimeZoneCities } from './time-zone-cities.js';
export { changePpgl } from './change-ppgl.js';
export { changeCountry } from './change-country.js';
export { editTeamProfile } from './edit-team-profile.js';
export { boarded } from './boarded.js';
export { updateSubUsers } from './update-sub-users.js';
export {
  getCustomFields,
  updateCustomFields,
  dataFieldSchema,
  dataSectionSchema,
  customFieldsEntity,
} from './custom-fields.js';
export { getContactHours, changeContactHours } from './contact-hours.js';
export {
  webhookEndpointDto,
  webhookAttemptDto,
  webhookDeliveryDto,
  listWebhookEndpoints,
  listWebhookDeliveries,
  revealWebhookSecret,
  rotateWebhookSecret,
  enableWebhookEndpoint,
  resendWebhookDelivery,
  type WebhookEndpointDto,
  type WebhookDeliveryDto,
} from './webhooks.js';
