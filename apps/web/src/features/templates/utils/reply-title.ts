import type { QuickReplyDto } from '@prospector/core';

/** A reply's title, or a stand-in when it has none (the title is optional). */
export const replyTitle = (reply: Pick<QuickReplyDto, 'title'>) => reply.title.trim() || 'Untitled reply';
