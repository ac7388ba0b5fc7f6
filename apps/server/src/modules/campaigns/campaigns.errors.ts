import { serverMessages } from '@prospector/core';
import type { ErrorAnswer } from '../../lib/errors.js';

/** Expected failures of campaigns, and how each answers over HTTP. */
export const campaignsErrors = {
  CAMPAIGN_NOT_FOUND: { status: 404, message: serverMessages.campaigns.campaignNotFound },
  // Which builder rule failed is said by the service, in the spec's words.
  CAMPAIGN_INVALID: { status: 400, message: serverMessages.http.badRequest },
  CAMPAIGN_UNKNOWN_DEVICE: { status: 400, message: serverMessages.campaigns.unknownDevice },
  CAMPAIGN_UNKNOWN_GROUP: { status: 400, message: serverMessages.campaigns.unknownGroup },
  CAMPAIGN_UNKNOWN_LIST: { status: 400, message: serverMessages.campaigns.unknownList },
  CAMPAIGN_UNKNOWN_AUDIENCE: { status: 400, message: serverMessages.bulk.audienceNotFound },
  CAMPAIGN_NO_TEMPLATES: { status: 400, message: serverMessages.campaigns.noTemplatesInGroups },
} satisfies Record<string, ErrorAnswer>;

export type CampaignsErrorCode = keyof typeof campaignsErrors;

declare module '../../lib/errors.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface ErrorCatalogues {
    campaigns: typeof campaignsErrors;
  }
}
