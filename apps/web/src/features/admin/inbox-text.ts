// What the inbox says about a message and its replies, apart from React.
import type { InboxMessage, SupportReply } from '@sahifa/contracts/support';

/** The start of a message for the inbox list: one line of at most `max` characters. */
export function messagePreview(text: string, max = 140): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  const characters = Array.from(line);
  if (characters.length <= max) return line;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** The newest reply (replies come back in any order; the last of equal dates wins). */
export function newestReply(message: InboxMessage): SupportReply | undefined {
  let newest: SupportReply | undefined;
  for (const reply of message.replies) {
    if (!newest || reply.date >= newest.date) newest = reply;
  }
  return newest;
}

export interface ReplyNotice {
  /** Translation key; the text names the address ({{email}}). */
  key: string;
  tone: 'success' | 'info';
}

/** The confirmation after a reply was stored, by what became of its mail. */
export function replyNotice(reply: SupportReply | undefined): ReplyNotice {
  if (reply?.mailStatus === 'sent') return { key: 'admin.message.replySent', tone: 'success' };
  if (reply?.mailStatus === 'unsent') return { key: 'admin.message.replyUnsent', tone: 'info' };
  return { key: 'admin.message.replyPending', tone: 'success' };
}
