import { z } from 'zod';

/*
 * What the SMS Gateway for Android app sends, as its source defines it (capcom6/android-sms-gateway
 * v1.68.0: modules/gateway/GatewayApi.kt, modules/webhooks/domain/WebHookEventDTO.kt and
 * payload/SmsEventPayload.kt; the same shapes as android-sms-gateway/client-go v1.13.2
 * smsgateway/requests_mobile.go). Unknown fields are ignored, as Gson on the other side would.
 * The fixtures beside this file are the app's exact requests.
 */

const simCard = z.object({
  slotIndex: z.number().int(),
  simNumber: z.number().int(),
  phoneNumber: z.string().max(64).nullish(),
  carrierName: z.string().max(128).nullish(),
  iccid: z.string().max(64).nullish(),
});

/** `DeviceRegisterRequest`: POST /device. */
export const registerRequest = z.object({
  name: z.string().max(128).nullish(),
  pushToken: z.string().max(256).nullish(),
  simCards: z.array(simCard).max(8).nullish(),
});

/** `DevicePatchRequest`: PATCH /device. */
export const devicePatchRequest = z.object({
  id: z.string().max(64),
  pushToken: z.string().max(256).nullish(),
  simCards: z.array(simCard).max(8).nullish(),
});

export const processingState = z.enum([
  'Pending',
  'Cancelling',
  'Cancelled',
  'Processed',
  'Sent',
  'Delivered',
  'Failed',
]);

/** `MessagePatchRequest`: PATCH /message takes a list (the app sends one per request). */
export const messagePatchRequest = z
  .array(
    z.object({
      id: z.string().min(1).max(36),
      state: processingState,
      recipients: z
        .array(
          z.object({ phoneNumber: z.string().max(128), state: processingState, error: z.string().nullish() }),
        )
        .max(100),
      // Gson writes the app's dates as `yyyy-MM-dd'T'HH:mm:ss.SSSXXX`.
      states: z.partialRecord(processingState, z.iso.datetime({ offset: true })).default({}),
    }),
  )
  .min(1)
  .max(100);
export type MessagePatch = z.infer<typeof messagePatchRequest>[number];

/** `WebHookEventDTO`: what the app posts to each webhook URL. */
export const webhookEnvelope = z.object({
  id: z.string().max(64),
  webhookId: z.string().max(64),
  event: z.string().max(64),
  deviceId: z.string().max(64),
  payload: z.record(z.string(), z.unknown()),
});

const sender = z.string().min(1).max(320);
const date = z.iso.datetime({ offset: true });

/** `SmsEventPayload.SmsReceived`. */
export const smsReceivedPayload = z.object({
  messageId: z.string().min(1).max(100),
  message: z.string().max(5000),
  sender: sender.nullish(),
  phoneNumber: sender.nullish(),
  receivedAt: date,
});

/** `SmsSent`, `SmsDelivered`, `SmsFailed`: `messageId` is the id we gave the text. */
export const smsStatePayload = z.object({
  messageId: z.string().min(1).max(36),
  sentAt: date.optional(),
  deliveredAt: date.optional(),
  failedAt: date.optional(),
  reason: z.string().max(500).optional(),
});
