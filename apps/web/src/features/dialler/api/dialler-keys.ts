/** One cache for the dialler page: its state, queue and voicemails; a record's history by id. */
export const diallerKeys = {
  all: ['dialler'] as const,
  page: () => [...diallerKeys.all, 'page'] as const,
  history: (itemId: string) => [...diallerKeys.all, 'history', itemId] as const,
  /** The member's own call settings (noStatusCalls, forwardOnly, defaultVm). */
  settings: () => [...diallerKeys.all, 'settings'] as const,
  vmAudio: (vmId: string) => [...diallerKeys.all, 'vm', vmId] as const,
};
