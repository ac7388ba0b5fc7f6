import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  enableWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
} from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { webhooksKeys } from './webhooks-keys';

/** The team's webhook endpoints: its hooks and the subscriptions integrations made. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksKeys.endpoints(),
    queryFn: async () => (await call(listWebhookEndpoints, undefined)).endpoints,
  });
}

/** A delivery due within this long is watched: its attempt shows in the open log without a reload. */
const WATCH_MS = 60_000;

/** An endpoint's latest deliveries with their attempts (while its log is open). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(endpointId),
    queryFn: async () =>
      (await call(listWebhookDeliveries, undefined, { params: { id: endpointId } })).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some(
        (d) => d.nextAttemptAt !== null && Date.parse(d.nextAttemptAt) - Date.now() < WATCH_MS,
      )
        ? 2000
        : false,
  });
}

export function useRevealSecret() {
  return useMutation({
    mutationFn: (id: string) => call(revealWebhookSecret, undefined, { params: { id } }),
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(rotateWebhookSecret, undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints() }),
  });
}

export function useEnableEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(enableWebhookEndpoint, undefined, { params: { id } }),
    onSuccess: () => {
      notifySuccess('The endpoint is enabled again.');
      return queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints() });
    },
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      call(resendWebhookDelivery, undefined, { params: { id: deliveryId } }),
    onSuccess: () => {
      notifySuccess('Sent again: the new attempt shows in the log.');
      return queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(endpointId) });
    },
  });
}
