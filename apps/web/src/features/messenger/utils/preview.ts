/** Spec part 1 §9: the Messenger's last message is cut at 90 characters. */
export const LAST_MESSAGE_PREVIEW_CHARS = 90;

/** One line of a text: whitespace runs become one space; longer than `max` characters ends in '…'. */
export function previewOf(body: string, max = LAST_MESSAGE_PREVIEW_CHARS): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : line;
}
