export const statusesKeys = {
  all: ['statuses-settings'] as const,
  /** Every status of the team, hidden ones included, in board order. */
  list: () => [...statusesKeys.all, 'list'] as const,
  /** The statuses' call settings (forward, autoRvm) with the dialog's choices. */
  calls: () => [...statusesKeys.all, 'calls'] as const,
};

/** What the screen's owner does after a change, e.g. refetch the board's columns. */
export type OnStatusesChanged = () => void;
