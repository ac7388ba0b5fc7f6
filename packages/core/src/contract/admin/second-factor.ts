import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Where the caller's second factor stands: not set up, set up, and whether this session gave it. */
export const secondFactorStatus = z.object({
  enrolled: z.boolean(),
  /** This session gave the second factor in the last 12 hours. */
  verified: z.boolean(),
  /** ISO time it must be given again; null when not verified. */
  verifiedUntil: text().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

const code = z.object({ code: text().trim().min(6).max(20) });

/** Staff: whether the second factor is set up and given in this session. */
export const getSecondFactor = defineEndpoint({
  method: 'GET',
  path: '/api/admin/secondFactor',
  auth: true,
  staff: true,
  secondFactorStep: true,
  response: secondFactorStatus,
});

/**
 * Staff: starts setting up the authenticator app (TOTP, RFC 6238). A new secret each call until one
 * is confirmed; the QR code is a PNG data URL of the otpauth:// address.
 */
export const startSecondFactorSetup = defineEndpoint({
  method: 'POST',
  path: '/api/admin/secondFactor/setup',
  auth: true,
  staff: true,
  secondFactorStep: true,
  response: z.object({ secret: text(), otpauthUrl: text(), qrDataUrl: text() }),
});

/** Staff: confirms the setup with a code from the app; answers the 10 recovery codes, shown once. */
export const confirmSecondFactorSetup = defineEndpoint({
  method: 'POST',
  path: '/api/admin/secondFactor/confirm',
  auth: true,
  staff: true,
  secondFactorStep: true,
  body: code,
  response: z.object({ recoveryCodes: z.array(text()), status: secondFactorStatus }),
});

/** Staff: gives the second factor for this session (a TOTP code, or a recovery code once). */
export const verifySecondFactor = defineEndpoint({
  method: 'POST',
  path: '/api/admin/secondFactor/verify',
  auth: true,
  staff: true,
  secondFactorStep: true,
  body: code,
  response: z.object({ status: secondFactorStatus, usedRecoveryCode: z.boolean() }),
});
