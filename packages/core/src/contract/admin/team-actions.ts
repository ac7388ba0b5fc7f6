import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { messages } from '../../messages.js';
import { text } from '../text.js';

/**
 * Staff: suspends a team, or lifts its suspension (spec part 2 §7 `suspend {teamId}` toggles). Its
 * campaigns stop at the next engine tick, its devices get no jobs, its members see the reason.
 */
export const suspendTeam = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/suspend',
  auth: true,
  staff: true,
  body: z.object({ teamId: z.uuid(), reason: text().trim().max(300).default('') }),
  response: z.object({ teamId: text(), suspended: z.boolean(), message: text() }),
});

/** Staff: pauses every running campaign of a team (spec part 2 §4). */
export const pauseTeamCampaigns = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/pauseCampaigns',
  auth: true,
  staff: true,
  body: z.object({ teamId: z.uuid() }),
  response: z.object({ teamId: text(), paused: z.number().int(), message: text() }),
});

/** Staff: makes a team whose owner is this address; the owner gets a login code by e-mail. */
export const createTeam = defineEndpoint({
  method: 'POST',
  path: '/api/admin/createTeam',
  auth: true,
  staff: true,
  body: z.object({
    email: text()
      .trim()
      .max(254)
      .pipe(z.email({ message: messages.auth.invalidEmail })),
  }),
  response: z.object({ teamId: text(), email: text(), message: text() }),
});
