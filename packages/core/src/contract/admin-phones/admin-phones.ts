import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/*
 * The suspension page (spec part 2 §2 '/admin/suspension: remove suspended phones', §6, §7
 * `getSidPhones/{sid}`, `removePhones`, `forceRemovePhones`, `replacePhones`). A sid is a team's
 * sub-account at the voice provider; its phones are the numbers rented under it. Staff only.
 */

/** A provider sid: letters and digits (Twilio's AC…, the simulated line's ACSIM…). */
const sid = text()
  .trim()
  .regex(/^[A-Za-z0-9]{2,64}$/);

export const voiceAccountDto = z.object({
  sid: text(),
  /** The provider's name for it (the team's name when we opened it). */
  friendlyName: text(),
  status: z.enum(['active', 'suspended', 'closed', 'unknown']),
  team: z.object({ _id: text(), name: text(), owner: text() }).nullable(),
  /** The team's numbers we hold under this account. */
  phoneCount: z.number().int(),
});
export type VoiceAccountDto = z.infer<typeof voiceAccountDto>;

/** Every sub-account of the provider, and the team each belongs to. */
export const listVoiceAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/admin/voiceAccounts',
  auth: true,
  staff: true,
  response: z.object({ provider: z.enum(['simulated', 'twilio']), accounts: z.array(voiceAccountDto) }),
});

export const sidPhoneDto = z.object({
  /** The number's provider sid (PN…). */
  sid: text(),
  number: text(),
  /** The sub-account it is rented under. */
  accSid: text(),
  /** The provider still rents it. */
  atProvider: z.boolean(),
  /** The team still uses it. */
  onTeam: z.boolean(),
});
export type SidPhoneDto = z.infer<typeof sidPhoneDto>;

export const sidPhones = z.object({
  sid: text(),
  /** The team owner's name: whom to let know. */
  name: text(),
  team: z.object({ _id: text(), name: text() }),
  status: voiceAccountDto.shape.status,
  phones: z.array(sidPhoneDto),
});
export type SidPhones = z.infer<typeof sidPhones>;

export const getSidPhones = defineEndpoint({
  method: 'GET',
  path: '/api/admin/getSidPhones/:sid',
  auth: true,
  staff: true,
  params: z.object({ sid }),
  response: sidPhones,
});

/** The phones of a sid to act on: the given number sids, or all of them when `phones` is left out. */
const phonesBody = z.object({ sid, phones: z.array(sid).min(1).max(500).optional() });

const phonesAnswer = z.object({ message: text(), result: sidPhones });

/** Releases the numbers at the provider and drops them from the team; refused when the provider refuses. */
export const removePhones = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/removePhones',
  auth: true,
  staff: true,
  body: phonesBody,
  response: phonesAnswer,
});

/** Drops the numbers from the team even when the provider refuses to release them. */
export const forceRemovePhones = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/forceRemovePhones',
  auth: true,
  staff: true,
  body: phonesBody,
  response: phonesAnswer.extend({ notReleased: z.array(text()) }),
});

/** Releases the numbers and rents new ones in the same area codes, for the same team. */
export const replacePhones = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/replacePhones',
  auth: true,
  staff: true,
  body: phonesBody,
  response: phonesAnswer.extend({ replaced: z.array(z.object({ from: text(), to: text() })) }),
});
