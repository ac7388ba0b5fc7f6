import { PropertyInfoNotConfiguredError, type PropertyInfo } from './property-info.js';

export type { PropertyFacts, PropertyInfo } from './property-info.js';
export { PropertyInfoFailedError, PropertyInfoNotConfiguredError } from './property-info.js';

/** The embedded default: no provider, and it says so instead of inventing owners or bedrooms. */
export const propertyInfoNotConfigured: PropertyInfo = {
  configured: false,
  lookup: () => Promise.reject(new PropertyInfoNotConfiguredError()),
};

/** No adapter ships yet (ADR 023): the default until one is configured. */
export function createPropertyInfo(): PropertyInfo {
  return propertyInfoNotConfigured;
}
