import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { importDnc } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export type DncTotals = z.infer<typeof importDnc.response>;

/** The most phones one call may carry (the contract's limit). */
export const DNC_BATCH_SIZE = 100_000;

export type DncProgress = { done: number; total: number };

/** Sends the phones in batches of at most DNC_BATCH_SIZE, one after the other, and adds up the answers. */
export async function importDncPhones(
  phones: readonly string[],
  onProgress?: (progress: DncProgress) => void,
): Promise<DncTotals> {
  const totals: DncTotals = { read: 0, added: 0, invalid: 0, identifiersMarked: 0 };
  for (let start = 0; start < phones.length; start += DNC_BATCH_SIZE) {
    const batch = phones.slice(start, start + DNC_BATCH_SIZE);
    const answer = await call(importDnc, { phones: batch });
    totals.read += answer.read;
    totals.added += answer.added;
    totals.invalid += answer.invalid;
    totals.identifiersMarked += answer.identifiersMarked;
    onProgress?.({ done: start + batch.length, total: phones.length });
  }
  return totals;
}

export function dncSuccessMessage(totals: DncTotals): string {
  const added = totals.added.toLocaleString('en-US');
  return `DNC import finished: ${added} new ${totals.added === 1 ? 'phone' : 'phones'} added to your DNC list.`;
}

type ImportDncInput = { phones: readonly string[]; onProgress?: (progress: DncProgress) => void };

/** Imports the DNC phones; the API client shows a failed batch's message. */
export function useImportDnc() {
  return useMutation({
    mutationFn: ({ phones, onProgress }: ImportDncInput) => importDncPhones(phones, onProgress),
    onSuccess: (totals) => notifySuccess(dncSuccessMessage(totals)),
  });
}
