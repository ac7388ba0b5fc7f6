import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { deviceDto } from './dto.js';
import { text } from '../text.js';

export const getDevices = defineEndpoint({
  method: 'GET',
  path: '/api/services/devices',
  auth: true,
  response: z.object({ devices: z.array(deviceDto) }),
});

/** Adds an Android phone, or an iPhone (number or Apple ID) to one of the team's Macs. */
export const addNumber = defineEndpoint({
  method: 'POST',
  path: '/api/services/addNumber',
  auth: true,
  body: z.object({
    phoneType: z.enum(['Apple', 'Android']),
    value: text().max(254),
    macName: text().max(100).nullish(),
    isComputer: z.literal(false).default(false),
  }),
  response: z.object({ message: text(), device: deviceDto }),
});

/** Adds a Mac that iPhones text through. An empty computer name is ignored (nothing is added). */
export const addMac = defineEndpoint({
  method: 'POST',
  path: '/api/services/addMac',
  auth: true,
  body: z.object({
    macName: text().max(100),
    isComputer: z.literal(true).default(true),
    companyEmail: text().max(254).nullish(),
    isIntel: z.boolean().default(false),
  }),
  response: z.object({ message: text(), device: deviceDto.nullable() }),
});

/** Removes devices by value (phone, Apple ID) or computer name; a Mac takes its iPhones with it. */
export const removeNumbers = defineEndpoint({
  method: 'POST',
  path: '/api/services/removeNumbers',
  auth: true,
  body: z.object({ phones: z.array(text().max(254)).min(1).max(100) }),
  response: z.object({ removed: z.number().int() }),
});

/**
 * The agent to run on an Android phone or a Mac, as a zip: the program, its config (server address
 * and this device's token) and a README. Not JSON: the route answers `application/zip`.
 */
export const DOWNLOAD_APP_PATH = '/api/services/downloadApp/:deviceId';

/**
 * What pairs a device's agent with this server, shown beside its download: the address the agent
 * connects to and the device token its config holds. An iPhone answers its Mac's (the Mac runs the
 * agent). The token is a secret, as the download is: it needs the same 'phones' permission.
 */
export const getDevicePairing = defineEndpoint({
  method: 'GET',
  path: '/api/services/pairing/:deviceId',
  auth: true,
  params: z.object({ deviceId: z.uuid() }),
  response: z.object({
    /** The Android phone or Mac that runs the agent, and its name (number or computer name). */
    agentDeviceId: text(),
    agentName: text(),
    platform: z.enum(['android', 'macos']),
    serverUrl: text(),
    deviceToken: text(),
  }),
});

/**
 * Adds a simulated Android phone (a fictional 555-01xx number) that the server runs itself: texts
 * sent through it are delivered after a second and answered with a scripted reply.
 */
export const addSimulatedPhone = defineEndpoint({
  method: 'POST',
  path: '/api/services/addSimulatedPhone',
  auth: true,
  body: z.object({}).default({}),
  response: z.object({ message: text(), device: deviceDto }),
});

/**
 * A one-time code for the SMS Gateway app's "Sign in by code" (docs/device-protocol.md): the phone's
 * number is added as a device of the team (or an earlier one of the app is signed in again), and the
 * code — 10 minutes, one use, this team — registers the app that types it. Only its hash is kept.
 */
export const createSmsGatewayCode = defineEndpoint({
  method: 'POST',
  path: '/api/services/smsGatewayCode',
  auth: true,
  body: z.object({ value: text().max(254) }),
  response: z.object({
    device: deviceDto,
    /** Eight digits, shown once. */
    code: text(),
    expiresAt: text(),
    /** What to type as the app's "API URL": PUBLIC_URL + /api/mobile/v1. */
    apiUrl: text(),
  }),
});
