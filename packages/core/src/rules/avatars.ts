import { messages } from '../messages.js';

/** The image types an avatar may be, by what the file's first bytes say (never its name or mime type). */
export const AVATAR_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** 2 MB: a member's photo or the company logo. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/**
 * An avatar's pixels (issue 36 item 12): a small file can claim a huge picture (16,000 × 16,000 in
 * 748 KB costs each viewer's browser 1.3 GB), so the picture is refused by its dimensions, and what is
 * stored is a copy at most AVATAR_STORED_SIDE on its longest side.
 */
export const MAX_AVATAR_SIDE = 10_000;
export const MAX_AVATAR_PIXELS = 50_000_000;
export const AVATAR_STORED_SIDE = 512;

/** What the file picker offers; the server decides by the bytes. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export const AVATAR_CONTENT_TYPES: Record<AvatarType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type by its magic bytes, or null when the bytes are not one of AVATAR_TYPES. */
export function imageTypeOf(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Why an avatar file is refused (the spec's words), or null when it may be uploaded. */
export function avatarProblem(bytes: Uint8Array, size = bytes.length): string | null {
  if (size === 0) return messages.avatars.missing;
  if (size > MAX_AVATAR_BYTES) return messages.avatars.tooLarge;
  return imageTypeOf(bytes) ? null : messages.avatars.wrongType;
}

/** Why a picture of these dimensions is refused as an avatar, or null when it may be one. */
export function avatarDimensionsProblem(width: number, height: number): string | null {
  if (!(width > 0 && height > 0)) return messages.avatars.wrongType;
  if (width > MAX_AVATAR_SIDE || height > MAX_AVATAR_SIDE || width * height > MAX_AVATAR_PIXELS)
    return messages.avatars.tooManyPixels;
  return null;
}
