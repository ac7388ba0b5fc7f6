import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboard as getDashboardEndpoint, type BoardCard, type StatusDto } from '@prospector/core';
import { call } from '../../../lib/api-client';
import { boardKeys } from './board-keys';

export type BoardColumnData = { status: StatusDto; count: number; items: BoardCard[] };
export type BoardData = { filterBy: string | null; columns: BoardColumnData[] };

export type GetDashboardInput = { filterBy?: string | null; status?: string; skip?: number };

export function getDashboard(input: GetDashboardInput): Promise<BoardData> {
  return call(getDashboardEndpoint, input);
}

export const boardQueryOptions = (filterBy: string | null) =>
  queryOptions({
    queryKey: boardKeys.list(filterBy),
    queryFn: () => getDashboard({ filterBy }),
  });

/** One column per visible status with its count and first 30 cards. */
export function useBoard(filterBy: string | null) {
  return useQuery(boardQueryOptions(filterBy));
}

/**
 * The team's visible statuses, in board order. No call lists them on its own yet, so they are read
 * from the board's columns.
 */
export function useBoardStatuses(enabled = true) {
  return useQuery({
    enabled,
    queryKey: boardKeys.statuses(),
    queryFn: () => getDashboard({}),
    staleTime: 5 * 60_000,
    select: (board) => board.columns.map((c) => c.status),
  });
}
