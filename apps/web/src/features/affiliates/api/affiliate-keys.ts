/** One cache for Settings > Affiliate: the summary every call answers. */
export const affiliateKeys = {
  all: ['affiliates'] as const,
  summary: () => [...affiliateKeys.all, 'summary'] as const,
};
