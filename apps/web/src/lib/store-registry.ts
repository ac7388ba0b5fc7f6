/**
 * Every client-only store registers how to reset itself, so logout can wipe all client state
 * (spec part 1 §4: "Logout resets all state") without knowing each feature's stores.
 */
const resetters = new Set<() => void>();

export function registerStoreReset(reset: () => void): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetAllStores(): void {
  for (const reset of resetters) reset();
}
