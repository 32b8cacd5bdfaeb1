import type { InboxMessage, SupportReply } from '@sahifa/contracts/support';
import { describe, expect, it } from 'vitest';
import { messagePreview, newestReply, replyNotice } from './inbox-text.ts';

describe('messagePreview', () => {
  it('keeps a short message whole, on one line', () => {
    expect(messagePreview('Hello,\n\n  the app   crashed.')).toBe('Hello, the app crashed.');
  });

  it('cuts a long message to the limit, with an ellipsis', () => {
    const preview = messagePreview('word '.repeat(100), 20);
    expect(Array.from(preview)).toHaveLength(20);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('never splits a character made of two UTF-16 units', () => {
    expect(messagePreview('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
  });
});

const reply = (id: string, date: string, mailStatus: SupportReply['mailStatus']): SupportReply => ({
  id,
  body: 'Thanks',
  date,
  operator: null,
  mailStatus,
});

describe('newestReply', () => {
  it('picks the latest reply whatever the order', () => {
    const message = {
      replies: [
        reply('b', '2025-03-02T00:00:00.000Z', 'sent'),
        reply('a', '2025-03-01T00:00:00.000Z', 'sent'),
      ],
    } as InboxMessage;
    expect(newestReply(message)?.id).toBe('b');
    expect(newestReply({ replies: [] } as unknown as InboxMessage)).toBeUndefined();
  });
});

describe('replyNotice', () => {
  it('says sent, retried later, or on its way, by the mail status', () => {
    const notice = (status: SupportReply['mailStatus']) =>
      replyNotice(reply('a', '2025-03-01T00:00:00.000Z', status));
    expect(notice('sent')).toEqual({ key: 'admin.message.replySent', tone: 'success' });
    expect(notice('unsent')).toEqual({ key: 'admin.message.replyUnsent', tone: 'info' });
    expect(notice('pending')).toEqual({ key: 'admin.message.replyPending', tone: 'success' });
  });
});
