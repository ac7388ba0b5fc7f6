import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { statusDto } from './dto.js';
import { messages } from '../../messages.js';
import { isForbiddenStatusText } from '../../rules/records.js';
import { text } from '../text.js';

/** A custom status's text: 1 to 60 characters, never one of the built-in DNC or Wrong # (part 2 §5). */
export const statusText = text()
  .trim()
  .min(1)
  .max(60)
  .refine((t) => !isForbiddenStatusText(t), { message: messages.records.forbiddenStatus });

/** Every status of the team in board order, hidden ones included (Settings > Statuses). */
export const getStatuses = defineEndpoint({
  method: 'GET',
  path: '/api/settings/statuses',
  auth: true,
  response: z.object({ statuses: z.array(statusDto) }),
});

export const addStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/addStatus',
  auth: true,
  body: z.object({ text: statusText }),
  response: statusDto,
});

/** Shows or hides a status's board column; built-ins may be hidden too. */
export const setStatusHidden = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings/statusHidden',
  auth: true,
  body: z.object({ _id: z.uuid(), hidden: z.boolean() }),
  response: statusDto,
});

/** Removes a custom status; the records that had it are left with no status. */
export const removeStatus = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings/removeStatus',
  auth: true,
  body: z.object({ _id: z.uuid(), text: text() }),
  response: z.object({ ok: z.literal(true) }),
});

/** Renames a custom status (the screen sends it 1 s after the last keystroke). */
export const editStatusText = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings/editStatusText',
  auth: true,
  body: z.object({ _id: z.uuid(), text: statusText, prevText: text() }),
  response: statusDto,
});

/** A status's call settings (spec part 2 §3 Status forward, forwardTo, autoRvm, selectedVm). */
export const statusCallSettingsDto = z.object({
  _id: text(),
  /** Inbound calls from records in this status go to forwardTo's phone. */
  forward: z.boolean(),
  /** The member (user id) whose phone takes them. */
  forwardTo: text().nullable(),
  /** A dialler call reaching a machine drops selectedVm (else the member's defaultVm) with no click. */
  autoRvm: z.boolean(),
  selectedVm: text().nullable(),
});
export type StatusCallSettingsDto = z.infer<typeof statusCallSettingsDto>;

/** Every status's call settings, with the choices the dialog offers (members, voicemails). */
export const getStatusCallSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/statusCalls',
  auth: true,
  response: z.object({
    settings: z.array(statusCallSettingsDto),
    members: z.array(z.object({ _id: text(), name: text(), hasPhone: z.boolean() })),
    voicemails: z.array(z.object({ _id: text(), name: text() })),
  }),
});

export const editStatusCallSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings/editStatusCalls',
  auth: true,
  body: z.object({
    _id: z.uuid(),
    forward: z.boolean(),
    forwardTo: z.uuid().nullable(),
    autoRvm: z.boolean(),
    selectedVm: z.uuid().nullable(),
  }),
  response: statusCallSettingsDto,
});
