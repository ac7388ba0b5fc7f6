import { unitsToDollars, type ListMetrics, type SkiptraceRunDto } from '@prospector/core';
import type { ListFiguresRow, RunRow } from './skiptrace.queries.js';

export function toRunDto(r: RunRow): SkiptraceRunDto {
  return {
    _id: r.id,
    listId: r.listId,
    type: r.type,
    state: r.state,
    reason: r.reason,
    total: r.total,
    done: r.done,
    hits: r.hits,
    landlines: r.landlines,
    dnc: r.dnc,
    cost: unitsToDollars(Number(r.cost)),
    price: unitsToDollars(r.price),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function toListMetrics(r: ListFiguresRow): ListMetrics {
  return { listId: r.id, hits: r.hits, landlines: r.landlines, dnc: r.dnc, cost: Number(r.cost) };
}

/** A property's address and owner as a provider request. */
export function toTraceRequest(id: string, data: Record<string, unknown>) {
  const s = (k: string) => (data[k] == null ? '' : String(data[k]).trim());
  return {
    id,
    street: [s('Street1'), s('Street2')].filter(Boolean).join(' '),
    city: s('City'),
    state: s('State'),
    zip: s('Zip'),
    owner: s('Owner'),
  };
}
