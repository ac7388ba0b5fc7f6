import { STORAGE_KEYS } from '../config/storage-keys';
import { readStored, writeStored } from './storage';

/** The affiliate id a visitor arrived with; sent along when they ask for a login code. */
export function getAffiliateId(): string | null {
  return readStored(STORAGE_KEYS.affId);
}

export function storeAffiliateId(affId: string): void {
  writeStored(STORAGE_KEYS.affId, affId);
}
