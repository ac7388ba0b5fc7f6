import {
  AVATAR_STORED_SIDE,
  avatarDimensionsProblem,
  MAX_AVATAR_PIXELS,
  messages,
  type AvatarType,
} from '@prospector/core';
import sharp from 'sharp';

/**
 * The copy of an avatar that is stored and served (issue 36 item 12): refused by its dimensions as
 * its header states them, before any pixel is decoded; else turned upright by its EXIF orientation
 * and shrunk to at most AVATAR_STORED_SIDE on its longest side, in its own type (a GIF keeps its
 * first frame). Answers the copy, or the message saying why the picture is refused.
 */
export async function avatarCopy(
  bytes: Uint8Array,
  type: AvatarType,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; message: string }> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta) return { ok: false, message: messages.avatars.wrongType };
  const problem = avatarDimensionsProblem(meta.width ?? 0, meta.height ?? 0);
  if (problem) return { ok: false, message: problem };
  try {
    const copy = await sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS })
      .rotate()
      .resize(AVATAR_STORED_SIDE, AVATAR_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(type)
      .toBuffer();
    return { ok: true, bytes: copy };
  } catch {
    // The header was readable but the picture is not (cut short, corrupt).
    return { ok: false, message: messages.avatars.wrongType };
  }
}
