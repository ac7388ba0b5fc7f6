import { messages, statusTextProblem } from '@prospector/core';

const MESSAGES = {
  empty: messages.records.statusTextRequired,
  forbidden: messages.records.forbiddenStatus,
  exists: messages.records.statusExists,
} as const;

/** What is wrong with a status text as it is typed, in the server's words; null when it may be saved. */
export function statusTextError(text: string, otherTexts: readonly string[]): string | null {
  const problem = statusTextProblem(text, otherTexts);
  return problem ? MESSAGES[problem] : null;
}
