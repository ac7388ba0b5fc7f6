import { z } from 'zod';
import { text } from '../text.js';

/** One row of Settings > Devices: an Android phone, a Mac, or an iPhone texting through a Mac. */
export const deviceDto = z.object({
  _id: text(),
  /** Android / iPhone: the phone (E.164) or Apple ID. Mac: its computer name. */
  value: text(),
  phoneType: z.enum(['Apple', 'Android']),
  isComputer: z.boolean(),
  /** An iPhone's Mac (its computer name); null otherwise. */
  macName: text().nullable(),
  macId: text().nullable(),
  isIntel: z.boolean(),
  /** A simulated phone the server runs itself, for trying the product without a real phone. */
  simulated: z.boolean(),
  /**
   * How the server reaches it: our agent (or a simulated phone), the SMS Gateway app calling us
   * (private server mode), the SMS Gateway app's local server we call, or a Mac's BlueBubbles Server.
   */
  transport: z.enum(['agent', 'sms_gateway', 'sms_gateway_local', 'bluebubbles']),
  /** Android and Mac: the agent's socket is open and its last ping ≤ 30 s old. iPhone: its Mac's. */
  connected: z.boolean(),
  pingedAt: text().nullable(),
  sentToday: z.number().int(),
  receivedToday: z.number().int(),
});
export type DeviceDto = z.infer<typeof deviceDto>;
