export const repliesKeys = {
  all: ['replies'] as const,
  labels: () => [...repliesKeys.all, 'labels'] as const,
  /** The labels of a record's received texts (the thread's chips). */
  forItem: (itemId: string) => [...repliesKeys.labels(), itemId] as const,
  temperatures: () => [...repliesKeys.all, 'temperature'] as const,
  /** A board card's temperature. */
  temperature: (itemId: string) => [...repliesKeys.temperatures(), itemId] as const,
  /** The Messenger's counts per label. */
  counts: () => [...repliesKeys.all, 'counts'] as const,
  /** The team's reply actions per label. */
  actionSettings: () => [...repliesKeys.all, 'action-settings'] as const,
  /** The team model's accuracy on its corrections (admins). */
  accuracy: () => [...repliesKeys.all, 'accuracy'] as const,
  /** The background pass's progress: the team's received texts and how many carry a label. */
  backlog: () => [...repliesKeys.all, 'backlog'] as const,
};
