import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { boardCard, statusDto } from './dto.js';
import { text } from '../text.js';

export const DASHBOARD_PAGE_SIZE = 30;

/**
 * The board: one column per visible status with its count and first 30 cards, in card order. With
 * `status` and `skip`, the next cards of that one column. `filterBy` is a member id (admins and
 * 'All data' members may pick anyone; others always get their own).
 */
export const getDashboard = defineEndpoint({
  method: 'POST',
  path: '/api/dashboard/get',
  auth: true,
  body: z.object({
    filterBy: z.uuid().nullish(),
    status: z.uuid().optional(),
    skip: z.number().int().min(0).max(1_000_000).optional(),
  }),
  response: z.object({
    filterBy: text().nullable(),
    columns: z.array(z.object({ status: statusDto, count: z.number().int(), items: z.array(boardCard) })),
  }),
});
