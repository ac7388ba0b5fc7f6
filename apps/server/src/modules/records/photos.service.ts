import { messages, photoProblem, photoTypeOf, type ItemDto } from '@prospector/core';
import type { AuthContext } from '../../lib/auth-context.js';
import type { UploadedImage } from '../../lib/image-form.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { PhotoStore } from './photo-store.js';
import type { RecordsErrorCode } from './records.errors.js';
import type { RecordsService } from './records.service.js';

export type PhotosService = ReturnType<typeof createPhotosService>;

/**
 * A property's own photo (issue 23). Only a member who may open the record may add or see it: the
 * files are never public. The type comes from the bytes; a refused file leaves nothing behind.
 */
export function createPhotosService(deps: { records: RecordsService; store: PhotoStore }) {
  const { records, store } = deps;
  return {
    async add(
      auth: AuthContext,
      input: { itemId: string | undefined; address: string | undefined; file: UploadedImage | null },
    ): Promise<Result<ItemDto, RecordsErrorCode>> {
      // The record first: who may not open it learns nothing of it, not even what is wrong with the file.
      const found = input.itemId ? await records.access(auth, input.itemId) : fail('ITEM_NOT_FOUND' as const);
      if (!found.ok) return found;
      const item = found.value;
      if (item.type !== 'property') return fail('PHOTO_ONLY_PROPERTIES');
      if (!input.file) return fail('PHOTO_INVALID', messages.recordDetail.photoMissing);
      const problem = input.file.truncated
        ? messages.recordDetail.photoTooLarge
        : photoProblem(input.file.bytes);
      const type = photoTypeOf(input.file.bytes);
      if (problem || !type) return fail('PHOTO_INVALID', problem ?? messages.recordDetail.photoWrongType);
      const file = await store.save(input.file.bytes, type);
      const address = (input.address ?? '').trim().slice(0, 300);
      const updated = await records.touch(item.id, {
        image: { file, type, bytes: input.file.bytes.length, address },
      });
      await store.remove(item.image?.file);
      return ok(await records.toItemDto(auth, updated));
    },

    /** The photo's file for a member who may open the record. */
    async open(auth: AuthContext, itemId: string) {
      const found = await records.access(auth, itemId);
      if (!found.ok) return found;
      const image = found.value.image;
      const file = image ? await store.open(image.file) : null;
      return file ? ok(file) : fail('PHOTO_NOT_FOUND' as const);
    },
  };
}
