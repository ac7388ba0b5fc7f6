import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { text } from '../text.js';

/** Where avatar files are served from (no auth: the names are random, so `<img>` tags just work). */
export const AVATAR_FILES_PATH = '/api/files/avatars';

/** An avatar file's name: a random UUID and the image type found in its bytes. */
export const AVATAR_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpeg|webp|gif)$/;

/**
 * The caller's own avatar, sent as multipart/form-data with the image in a part named `avatar`
 * (PNG, JPEG, WebP or GIF by its bytes, at most 2 MB; the spec's `fileId` field is not needed).
 * Answers the new URL; emits `editMember` with it to the team.
 */
export const changeAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/users/changeAvatar',
  auth: true,
  response: z.object({ avatar: text() }),
});

/**
 * The company avatar: the multipart form of PATCH /api/teams/editProfile, with the image in a part
 * named `img` and optionally a new `name`. Admin only. The JSON form (editTeamProfile) only renames.
 * Emits `teamProfileChanged` to the team.
 */
export const editTeamAvatar = defineEndpoint({
  method: 'PATCH',
  path: '/api/teams/editProfile',
  auth: true,
  response: z.object({ name: text(), avatar: text() }),
});
