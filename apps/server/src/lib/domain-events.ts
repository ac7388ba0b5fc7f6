import type { WebhookEvent } from '@prospector/core';

/** One thing that happened in a team, as the module that owns it announces it after it committed. */
export type DomainEvent = { teamId: string; type: WebhookEvent; data: Record<string, unknown>; at: Date };

/**
 * The app's in-process announcements of what happened (issue 33, ADR 045): the owning module
 * publishes beside its realtime event, once its change committed; the webhooks module listens and
 * queues a delivery for each subscription that asked for the event. `publish` never throws and never
 * waits: a listener's failure is its own (it logs it). `publishAll` announces many events of one kind
 * together (an import chunk's new contacts), so a listener can queue them in one statement.
 */
export type DomainEvents = {
  publish(teamId: string, type: WebhookEvent, data: Record<string, unknown>): void;
  publishAll(teamId: string, type: WebhookEvent, data: Record<string, unknown>[]): void;
  subscribe(listener: (events: DomainEvent[]) => void): () => void;
};

export function createDomainEvents(now: () => Date): DomainEvents {
  const listeners = new Set<(events: DomainEvent[]) => void>();
  function publishAll(teamId: string, type: WebhookEvent, data: Record<string, unknown>[]) {
    if (data.length === 0) return;
    const at = now();
    const events = data.map((d) => ({ teamId, type, data: d, at }));
    for (const l of listeners) l(events);
  }
  return {
    publish: (teamId, type, data) => publishAll(teamId, type, [data]),
    publishAll,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
