/** Query keys of the webhooks feature, generic → specific. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  endpoints: () => ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};
